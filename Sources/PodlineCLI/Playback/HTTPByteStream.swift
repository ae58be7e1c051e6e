import AsyncHTTPClient
import AudioEngine
import Foundation
import NIOCore

/// An episode's enclosure downloaded progressively for the decoder, so playback starts before the download ends.
///
/// Seeking restarts the transfer with a Range request; a server that ignores Range is read from the
/// start and the bytes before the offset are skipped.
final class HTTPByteStream: ByteStream, @unchecked Sendable {
    private let url: String
    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    private var ended = false
    private var failure: String?
    private var generation = 0
    private var task: Task<Void, Never>?
    /// Bytes held before the transfer waits for the decoder.
    private static let highWater = 4 << 20

    init(url: String) {
        self.url = url
        start(at: 0)
    }

    func read(maxBytes: Int, waitingAtMost seconds: Double) throws -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        if buffer.isEmpty && !ended && failure == nil {
            _ = condition.wait(until: Date().addingTimeInterval(seconds))
        }
        if let failure { throw StreamFailure(reason: failure) }
        if buffer.isEmpty { return ended ? [] : nil }
        let count = min(maxBytes, buffer.count)
        let taken = Array(buffer.prefix(count))
        buffer.removeFirst(count)
        condition.broadcast()
        return taken
    }

    func restart(at byteOffset: Int) -> Bool {
        start(at: byteOffset)
        return true
    }

    func cancel() {
        condition.lock()
        generation += 1
        task?.cancel()
        condition.broadcast()
        condition.unlock()
    }

    private func start(at offset: Int) {
        condition.lock()
        generation += 1
        let current = generation
        task?.cancel()
        buffer.removeAll()
        ended = false
        failure = nil
        condition.unlock()
        let url = self.url
        task = Task.detached { [weak self] in
            do {
                var request = HTTPClientRequest(url: url)
                request.headers.add(name: "User-Agent", value: "Podline (podcast player)")
                if offset > 0 { request.headers.add(name: "Range", value: "bytes=\(offset)-") }
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
                guard (200..<300).contains(Int(response.status.code)) else {
                    self?.fail("the server answered HTTP \(response.status.code) \(response.status.reasonPhrase)", current)
                    return
                }
                if let type = response.headers.first(name: "Content-Type")?.lowercased(), type.hasPrefix("text/html") {
                    self?.fail("the server sent an HTML page, not audio", current)
                    return
                }
                var skip = offset > 0 && response.status.code == 200 ? offset : 0
                for try await chunk in response.body {
                    guard let self else { return }
                    var bytes = Array(chunk.readableBytesView)
                    if skip > 0 {
                        let dropped = min(skip, bytes.count)
                        bytes.removeFirst(dropped)
                        skip -= dropped
                    }
                    guard self.append(bytes, current) else { return }
                }
                self?.finish(current)
            } catch {
                self?.fail("the transfer failed: \(error)", current)
            }
        }
    }

    /// Adds bytes, waiting while the decoder is far behind; false when this transfer was replaced.
    private func append(_ bytes: [UInt8], _ owner: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while buffer.count > Self.highWater && generation == owner {
            _ = condition.wait(until: Date().addingTimeInterval(0.1))
        }
        guard generation == owner else { return false }
        buffer.append(contentsOf: bytes)
        condition.broadcast()
        return true
    }

    private func finish(_ owner: Int) {
        condition.lock()
        if generation == owner { ended = true }
        condition.broadcast()
        condition.unlock()
    }

    private func fail(_ reason: String, _ owner: Int) {
        condition.lock()
        if generation == owner { failure = reason }
        condition.broadcast()
        condition.unlock()
    }
}

/// Why a stream stopped.
struct StreamFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
