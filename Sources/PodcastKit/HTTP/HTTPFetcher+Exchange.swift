import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// A server's answer to one API request.
public struct HTTPAnswer: Sendable {
    public var status: Int
    public var body: [UInt8]
    public var contentType: String?
}

extension HTTPFetcher {
    /// Sends one API request (no redirect followed: credentials never travel to where a redirect points) and reads
    /// its answer, whatever its status, up to `sizeCap` bytes.
    public func exchange(
        _ method: String, _ url: String, headers: [(String, String)], body: [UInt8]? = nil, sizeCap: Int
    ) async throws(HTTPFailure) -> HTTPAnswer {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.headers.replaceOrAdd(name: "User-Agent", value: Self.userAgent)
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await client.execute(request, deadline: .now() + .seconds(Int64(timeouts.total)))
            if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > sizeCap {
                throw HTTPFailure(SizeLimit.exceeded(sizeCap, actual: declared), status: Int(response.status.code))
            }
            var bytes: [UInt8] = []
            for try await buffer in response.body {
                bytes.append(contentsOf: buffer.readableBytesView)
                if bytes.count > sizeCap { throw HTTPFailure(SizeLimit.exceeded(sizeCap), status: Int(response.status.code)) }
            }
            return HTTPAnswer(status: Int(response.status.code), body: bytes, contentType: response.headers.first(name: "Content-Type"))
        } catch {
            throw HTTPFailure.from(error, timeouts: timeouts)
        }
    }
}
