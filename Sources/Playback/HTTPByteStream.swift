import AsyncHTTPClient
import AudioEngine
import Foundation
import Logging
import NIOCore
import PodcastKit

/// An episode's enclosure downloaded progressively for the decoder, so playback starts before the download ends.
///
/// Seeking restarts the transfer with a Range request; a server that ignores Range is read from the
/// start and the bytes before the offset are skipped. A connection that breaks off once bytes have come
/// is opened again from the next byte, after each of the fetcher's retry delays, while what was received
/// plays on; only when the tries are spent does the stream fail. The ID3v2 tag at the start is handed to
/// `onTag` as soon as it has arrived whole (for its chapters), once.
final class HTTPByteStream: ByteStream, @unchecked Sendable {
    private let url: String
    private let http: HTTPFetcher
    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    private var ended = false
    private var failure: String?
    private var generation = 0
    private var task: Task<Void, Never>?
    /// Gathers the first bytes for `onTag` until the tag is whole; nil once it is done.
    private var tagCollector: ID3TagCollector? = ID3TagCollector()
    private let onTag: (@Sendable ([UInt8]) -> Void)?
    private var answeredWithParts = true
    private var answeredLength: Int?
    /// Bytes that arrived over every transfer.
    private var received = 0
    /// Transfers waiting, without holding a thread, for the decoder to take bytes (the buffer is over its high water).
    private var spaceWaiters: [CheckedContinuation<Void, Never>] = []
    /// Bytes held before the transfer waits for the decoder.
    private static let highWater = 4 << 20
    private static let logger = Logger(label: "podline.stream")

    init(url: String, http: HTTPFetcher = .shared, onTag: (@Sendable ([UInt8]) -> Void)? = nil) {
        self.url = url
        self.http = http
        self.onTag = onTag
        start(at: 0)
    }

    func read(maxBytes: Int, waitingAtMost seconds: Double) throws -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        if buffer.isEmpty && !ended && failure == nil {
            _ = condition.wait(until: Date().addingTimeInterval(seconds))
        }
        if buffer.isEmpty, let failure { throw StreamFailure(reason: failure) }
        if buffer.isEmpty { return ended ? [] : nil }
        let count = min(maxBytes, buffer.count)
        let taken = Array(buffer.prefix(count))
        buffer.removeFirst(count)
        condition.broadcast()
        if buffer.count <= Self.highWater { releaseSpaceWaitersLocked() }
        return taken
    }

    func waitForFill(atLeast bytes: Int, waitingAtMost seconds: Double) -> StreamFill {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while buffer.count < bytes && !ended && failure == nil {
            if !condition.wait(until: deadline) { break }
        }
        return StreamFill(held: buffer.count, received: received, ended: ended || failure != nil)
    }

    func restart(at byteOffset: Int) -> Bool {
        start(at: byteOffset)
        return true
    }

    var sendsParts: Bool {
        condition.lock()
        defer { condition.unlock() }
        return answeredWithParts
    }

    var length: Int? {
        condition.lock()
        defer { condition.unlock() }
        return answeredLength
    }

    func cancel() {
        condition.lock()
        generation += 1
        task?.cancel()
        condition.broadcast()
        releaseSpaceWaitersLocked()
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
        releaseSpaceWaitersLocked()
        condition.unlock()
        task = Task.detached { [weak self] in await self?.transfer(from: offset, owner: current) }
    }

    /// Reads the body from `offset` on into the buffer, reconnecting where it broke off.
    private func transfer(from offset: Int, owner: Int) async {
        var next = offset
        var attempt = 0
        var said = false
        var total: Int?
        while !Task.isCancelled {
            var failure: HTTPFailure
            do {
                let response = try await http.openStream(url, from: next)
                if let type = response.headers.first(name: "Content-Type")?.lowercased(), type.hasPrefix("text/html") {
                    fail("the server sent an HTML page, not audio", owner)
                    return
                }
                total = total ?? Self.length(of: response, from: next)
                learn(from: response, length: total)
                var skip = next > 0 && response.status.code == 200 ? next : 0
                for try await chunk in response.body {
                    var bytes = Array(chunk.readableBytesView)
                    if skip > 0 {
                        let dropped = min(skip, bytes.count)
                        bytes.removeFirst(dropped)
                        skip -= dropped
                    }
                    lookForTag(bytes, at: next)
                    guard await append(bytes, owner) else { return }
                    if !bytes.isEmpty {
                        next += bytes.count
                        attempt = 0
                    }
                }
                guard let total, next < total else {
                    finish(owner)
                    return
                }
                failure = HTTPFailure("the server closed the connection at byte \(next) of \(total)")
            } catch {
                failure = HTTPFailure.from(error, timeouts: http.timeouts)
            }
            // An HTTP error, or a first connection that fails, is final; a transfer that had begun is retried.
            let begun = next > offset || attempt > 0
            guard failure.status == nil, begun, let delay = http.retry.delay(before: attempt), isCurrent(owner) else {
                fail(failure.reason, owner)
                return
            }
            if !said {
                said = true
                Self.logger.info("\(url): \(failure.reason); reconnecting from byte \(next)")
            }
            attempt += 1
            try? await Task.sleep(for: .seconds(delay))
        }
    }

    /// Feeds the collector while the bytes run on from the start of the resource; hands over the tag once whole.
    private func lookForTag(_ bytes: [UInt8], at offset: Int) {
        guard !bytes.isEmpty else { return }
        condition.lock()
        guard var collector = tagCollector, onTag != nil, offset == collector.gathered.count else {
            tagCollector = nil
            condition.unlock()
            return
        }
        let outcome = collector.add(bytes)
        tagCollector = outcome == .needMore ? collector : nil
        condition.unlock()
        if case .tag(let tag) = outcome { onTag?(tag) }
    }

    /// The whole resource's length from a 200's Content-Length or a 206's Content-Range.
    private static func length(of response: HTTPClientResponse, from offset: Int) -> Int? {
        if response.status.code == 206, let range = response.headers.first(name: "Content-Range"),
            let slash = range.lastIndex(of: "/"), let whole = Int(range[range.index(after: slash)...])
        {
            return whole
        }
        guard response.status.code == 200, response.headers.first(name: "Content-Encoding") == nil else { return nil }
        return response.headers.first(name: "Content-Length").flatMap(Int.init)
    }

    /// Keeps what an answer says of the server: whether it sends parts of a file, and the file's length.
    private func learn(from response: HTTPClientResponse, length: Int?) {
        let ranges = response.headers[canonicalForm: "Accept-Ranges"].contains { $0.lowercased() == "bytes" }
        condition.lock()
        answeredWithParts = response.status.code == 206 || ranges
        if let length { answeredLength = length }
        condition.unlock()
    }

    private func isCurrent(_ owner: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return generation == owner
    }

    /// Adds bytes, waiting while the decoder is far behind (suspended: no thread of the pool is held meanwhile); false
    /// when this transfer was replaced.
    private func append(_ bytes: [UInt8], _ owner: Int) async -> Bool {
        while true {
            switch tryAppend(bytes, owner) {
            case .appended: return true
            case .replaced: return false
            case .full: await withCheckedContinuation { waitForSpace($0, owner) }
            }
        }
    }

    private enum Appending { case appended, replaced, full }

    /// Adds bytes now if the buffer has room.
    private func tryAppend(_ bytes: [UInt8], _ owner: Int) -> Appending {
        condition.lock()
        defer { condition.unlock() }
        guard generation == owner else { return .replaced }
        guard buffer.count <= Self.highWater else { return .full }
        buffer.append(contentsOf: bytes)
        received += bytes.count
        condition.broadcast()
        return .appended
    }

    /// Resumes `waiter` once the decoder took bytes (or the transfer was replaced); at once if that happened already.
    private func waitForSpace(_ waiter: CheckedContinuation<Void, Never>, _ owner: Int) {
        condition.lock()
        defer { condition.unlock() }
        guard buffer.count > Self.highWater, generation == owner else { return waiter.resume() }
        spaceWaiters.append(waiter)
    }

    /// Lets the waiting transfers go on (the lock held).
    private func releaseSpaceWaitersLocked() {
        let waiters = spaceWaiters
        spaceWaiters = []
        for waiter in waiters { waiter.resume() }
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
