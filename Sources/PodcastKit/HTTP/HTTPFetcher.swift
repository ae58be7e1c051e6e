import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A fetched (or unchanged) document and what the server said about it.
public struct FetchedDocument: Sendable {
    /// The body, decompressed; nil when the server answered 304 Not Modified.
    public var body: [UInt8]?
    /// Where the body finally came from, after redirects.
    public var finalURL: String
    /// Set when every redirect on the way was permanent (301, 308): the new address to store.
    public var permanentURL: String?
    public var etag: String?
    public var lastModified: String?

    public var notModified: Bool { body == nil }
}

/// The one HTTP set-up for feeds, downloads and streams: user agent, redirects followed (up to 10) and
/// recorded, timeouts, gzip, conditional GET, size caps. A host that does not resolve or refuses the
/// connection fails at once; transfers that break off are retried by their callers (`RetryPolicy`).
public final class HTTPFetcher: Sendable {
    let client: HTTPClient
    public let timeouts: HTTPTimeouts
    /// How downloads and streams that break off are tried again.
    public let retry: RetryPolicy
    /// The most redirects followed for one request.
    public static let maxRedirects = 10
    static let userAgent = "Podline (podcast player)"
    /// The user agent of a second fetch of an episode (`skip_inserted`): another client, as a server that places ads
    /// per listener tells them apart.
    public static let secondUserAgent = "Podline (podcast player; second fetch)"

    public init(
        timeouts: HTTPTimeouts = HTTPTimeouts(), retry: RetryPolicy = RetryPolicy(),
        decompressionLimit: Int = FeedParser.defaultSizeCap
    ) {
        self.timeouts = timeouts
        self.retry = retry
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(Int64(timeouts.connect)), read: .seconds(Int64(timeouts.read))),
            decompression: .enabled(limit: .size(decompressionLimit)))
        configuration.httpVersion = .http1Only
        // The pool would otherwise retry a refused or unresolvable connection until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Runs `body` with a new fetcher (or nil when `needed` is false), in the caller's isolation, and shuts the fetcher
    /// down afterwards.
    public static func with<T: Sendable>(
        needed: Bool = true, decompressionLimit: Int = FeedParser.defaultSizeCap, timeouts: HTTPTimeouts = HTTPTimeouts(),
        isolation: isolated (any Actor)? = #isolation, _ body: (HTTPFetcher?) async throws -> T
    ) async throws -> T {
        let fetcher = needed ? HTTPFetcher(timeouts: timeouts, decompressionLimit: decompressionLimit) : nil
        do {
            let result = try await body(fetcher)
            await fetcher?.shutdown()
            return result
        } catch {
            await fetcher?.shutdown()
            throw error
        }
    }

    /// Releases the connections; call once when done.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// GETs a document no larger than `sizeCap`, sending `etag` and `lastModified` as validators.
    public func fetchDocument(
        _ url: String, etag: String? = nil, lastModified: String? = nil,
        sizeCap: Int = FeedParser.defaultSizeCap
    ) async throws(HTTPFailure) -> FetchedDocument {
        var headers = HTTPHeaders()
        headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        headers.add(name: "Accept", value: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8")
        if let etag { headers.add(name: "If-None-Match", value: etag) }
        if let lastModified { headers.add(name: "If-Modified-Since", value: lastModified) }
        do {
            let deadline = NIODeadline.now() + .seconds(Int64(timeouts.total))
            let (response, chain) = try await send(url, headers: headers, deadline: deadline)
            var document = FetchedDocument(
                body: nil, finalURL: chain.finalURL, permanentURL: chain.permanentURL,
                etag: response.headers.first(name: "ETag"),
                lastModified: response.headers.first(name: "Last-Modified"))
            if response.status == .notModified {
                document.etag = document.etag ?? etag
                document.lastModified = document.lastModified ?? lastModified
                return document
            }
            guard (200..<300).contains(response.status.code) else {
                throw HTTPFailure(
                    "HTTP \(response.status.code) \(response.status.reasonPhrase)", status: Int(response.status.code),
                    sentCredentials: chain.sentCredentials)
            }
            if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > sizeCap,
                response.headers.first(name: "Content-Encoding") == nil
            {
                throw HTTPFailure(SizeLimit.exceeded(sizeCap, actual: declared))
            }
            var body: [UInt8] = []
            for try await buffer in response.body {
                body.append(contentsOf: buffer.readableBytesView)
                if body.count > sizeCap { throw HTTPFailure(SizeLimit.exceeded(sizeCap)) }
            }
            document.body = body
            return document
        } catch {
            throw HTTPFailure.from(error, timeouts: timeouts)
        }
    }

    /// Opens `url` to read its body as it arrives, from byte `offset` on (a Range request when above 0):
    /// a 2xx answer, or the failure worded as for every other request.
    /// `icyMetadata` asks a radio server for its titles between the audio (`Icy-MetaData: 1`): only a reader that takes
    /// them out asks.
    public func openStream(_ url: String, from offset: Int, icyMetadata: Bool = false) async throws(HTTPFailure) -> HTTPClientResponse {
        var headers = HTTPHeaders()
        if offset > 0 { headers.add(name: "Range", value: "bytes=\(offset)-") }
        // A radio server then puts its titles between the audio (every `icy-metaint` bytes); others ignore it.
        if icyMetadata { headers.add(name: "Icy-MetaData", value: "1") }
        do {
            let (response, chain) = try await send(url, headers: headers, deadline: .now() + .hours(24))
            guard (200..<300).contains(response.status.code) else {
                throw HTTPFailure(
                    "HTTP \(response.status.code) \(response.status.reasonPhrase)", status: Int(response.status.code),
                    sentCredentials: chain.sentCredentials)
            }
            return response
        } catch {
            throw HTTPFailure.from(error, timeouts: timeouts)
        }
    }

    /// A process-wide fetcher for playback streams, never shut down.
    public static let shared = HTTPFetcher()

    /// Where a chain of redirects led.
    struct RedirectChain {
        var finalURL: String
        var permanentURL: String?
        /// True when the last request carried a private feed's credentials.
        var sentCredentials = false
    }

    /// Sends a GET, following redirects by hand so that the caller learns whether they were permanent.
    func send(
        _ url: String, headers: HTTPHeaders, deadline: NIODeadline, userAgent: String = HTTPFetcher.userAgent
    ) async throws -> (HTTPClientResponse, RedirectChain) {
        var current = FeedURL.normalized(url)
        var allPermanent = true
        var visited: Set<String> = []
        for _ in 0...Self.maxRedirects {
            guard FeedURL.isRemote(current) else { throw HTTPFailure("not an http(s) URL: \(current)") }
            var request = HTTPClientRequest(url: current)
            request.headers = headers
            request.headers.replaceOrAdd(name: "User-Agent", value: userAgent)
            // A private feed's credentials go to its own host only: looked up again after every redirect.
            let authorization = FeedCredentials.shared.authorization(for: current)
            if let authorization { request.headers.replaceOrAdd(name: "Authorization", value: authorization) }
            let response = try await client.execute(request, deadline: deadline)
            let code = response.status.code
            guard [301, 302, 303, 307, 308].contains(code), let location = response.headers.first(name: "Location") else {
                let moved = allPermanent && current != FeedURL.normalized(url) ? current : nil
                return (response, RedirectChain(finalURL: current, permanentURL: moved, sentCredentials: authorization != nil))
            }
            // Drain the redirect's body so that the connection can be reused.
            for try await _ in response.body {}
            visited.insert(current)
            if code != 301 && code != 308 { allPermanent = false }
            guard let next = FeedURL.resolve(location, against: URL(string: current)) else {
                throw HTTPFailure("redirect to an invalid location: \(location)")
            }
            if visited.contains(next) { throw HTTPFailure("redirect loop at \(next)") }
            current = next
        }
        throw HTTPFailure("too many redirects (more than \(Self.maxRedirects))")
    }
}
