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
///
/// A live stream (a feed's live item, or an answer with Icecast's `icy-` headers) is read as it comes: its metadata
/// is taken out of the audio and each title handed to `live.title` as the decoder reaches it; when it breaks off it is
/// opened again, and again, for `liveRetryLimit` from the break, and it is never moved in.
///
/// Kept whole (`keepWhole`: for a comparison with a second fetch), every byte from the first is written to a temporary
/// file as fast as it comes, and the decoder reads it there: a move to a place that has come reads there too, asking the
/// server nothing. Once the whole file has come it is handed to `keepWhole`. A move past what has come waits for it while
/// it will come within `keptWait` (a resumed episode, on a fast line); otherwise the server is asked for the rest from
/// there, and the stream is kept no longer.
///
/// The decoder's thread blocks in `read` for bytes; the transfer, on the shared pool, never blocks: when the decoder is
/// far behind it is suspended until the decoder reads.
final class HTTPByteStream: ByteStream, Sendable {
    private let url: String
    private let http: HTTPFetcher
    private let onTag: (@Sendable ([UInt8]) -> Void)?
    private let live: LiveStreamEvents
    /// Takes the stream's file once it has come whole, when it is kept.
    private let keepWhole: (@Sendable (KeptFile) -> Void)?
    /// How long a live stream that broke off is tried again without a byte before it fails.
    static let liveRetryLimit: Double = 600
    /// The longest wait between two tries to open a live stream again (1, 2, 4, then this many seconds).
    static let liveRetryDelay: Double = 4
    /// What the transfer and the decoder share.
    private let shared = Waitable(Shared())
    /// Bytes held before the transfer waits for the decoder.
    private static let highWater = 4 << 20
    /// The longest a move past what has come of a stream kept whole waits for it, in seconds (from the move, by the
    /// rate it has come at, judged after `keptJudgedAfter`).
    static let keptWait = 5.0
    static let keptJudgedAfter = 0.5
    /// Why a stream kept whole fails when its file cannot be read back.
    static let unreadable = "the stream's kept bytes could not be read back"
    private static let logger = Logger(label: "podline.stream")

    /// What the transfer and the decoder share.
    private struct Shared {
        var buffer: [UInt8] = []
        var ended = false
        var failure: String?
        /// Counts the transfers started: a transfer whose number is not the latest has been replaced.
        var generation = 0
        var task: Task<Void, Never>?
        /// Gathers the first bytes for `onTag` until the tag is whole; nil once it is done.
        var tagCollector: ID3TagCollector? = ID3TagCollector()
        var answeredWithParts = true
        var answeredLength: Int?
        /// Bytes that arrived over every transfer.
        var received = 0
        /// Transfers waiting, suspended, for the decoder to take bytes (the buffer is over its high water).
        var spaceWaiters: [CheckedContinuation<Void, Never>] = []
        /// True once the stream is known to be live.
        var isLive = false
        /// Bytes the decoder took over every transfer, in the same count as `received`.
        var taken = 0
        /// A live stream's titles not yet reached by the decoder, at the count of bytes taken where each begins.
        var titles: [(at: Int, title: String)] = []
        /// Every byte from the first, while the stream is kept whole (the buffer is then unused); where the decoder reads
        /// in it; whether it was handed over whole.
        var kept: StreamSpool?
        var readAt = 0
        var handedWhole = false
        /// When keeping began; when the decoder began to wait for a place past what has come, while it waits.
        var keptSince = Date()
        var waitingSince: Date?
        /// Bytes of the next transfer's to leave out: those between what was kept and the decoder's place, when keeping
        /// stopped while it waited past what had come.
        var dropIncoming = 0

        /// Bytes that have come and are not read yet.
        var held: Int { kept.map { max(0, $0.count - readAt) } ?? buffer.count }

        /// Up to `maxBytes` of what is held, for the decoder (fewer when the kept file cannot be read back).
        mutating func take(_ maxBytes: Int) -> [UInt8] {
            let count = min(maxBytes, held)
            let bytes: [UInt8]
            if let kept {
                let at = readAt
                bytes = [UInt8](unsafeUninitializedCapacity: count) { room, made in
                    made = max(0, kept.read(at: at, into: room.baseAddress!, size: count))
                }
                readAt += bytes.count
            } else {
                bytes = Array(buffer.prefix(count))
                buffer.removeFirst(count)
            }
            taken += bytes.count
            return bytes
        }

        /// Keeps the stream no longer: what was kept and not read yet moves to the buffer (a failure when it cannot be
        /// read back), and what comes next goes there, from the decoder's place.
        mutating func stopKeeping() {
            guard let kept else { return }
            let unread = max(0, kept.count - readAt)
            buffer = take(unread)
            if buffer.count < unread { failure = HTTPByteStream.unreadable }
            dropIncoming = max(0, readAt - kept.count)
            taken = received - buffer.count
            self.kept = nil
            waitingSince = nil
        }

        /// Lets the waiting transfers go on.
        mutating func releaseSpaceWaiters() {
            let waiters = spaceWaiters
            spaceWaiters = []
            for waiter in waiters { waiter.resume() }
        }
    }

    /// A stream of `url`; `isLive` when it is known to be a live one before it answers (a feed's live item).
    init(
        url: String, http: HTTPFetcher = .shared, isLive: Bool = false, live: LiveStreamEvents = LiveStreamEvents(),
        keepWhole: (@Sendable (KeptFile) -> Void)? = nil, onTag: (@Sendable ([UInt8]) -> Void)? = nil
    ) {
        self.url = url
        self.http = http
        self.onTag = onTag
        self.live = live
        self.keepWhole = isLive ? nil : keepWhole
        shared.withLock { shared in
            shared.isLive = isLive
            if keepWhole != nil, !isLive { shared.kept = StreamSpool() }
        }
        start(at: 0)
    }

    func read(maxBytes: Int, waitingAtMost seconds: Double) throws -> [UInt8]? {
        let outcome = inSlices(of: seconds) { until in
            shared.wait(
                until: until, for: { $0.held > 0 || $0.ended || $0.failure != nil },
                then: { shared -> Result<[UInt8]?, StreamFailure>? in
                    // A kept transfer that fails while the decoder waits past what has come: the server is asked next.
                    if shared.held == 0, let failure = shared.failure, shared.waitingSince == nil {
                        return .failure(StreamFailure(reason: failure))
                    }
                    if shared.held == 0 { return shared.ended ? .success([]) : nil }
                    let taken = shared.take(maxBytes)
                    if taken.isEmpty { return .failure(StreamFailure(reason: Self.unreadable)) }
                    if shared.buffer.count <= Self.highWater { shared.releaseSpaceWaiters() }
                    return .success(taken)
                })
        }
        reachedTitles()
        return try (outcome ?? .success(nil)).get()
    }

    /// Runs `wait` with a deadline `seconds` away, or in slices of 0.1 s while the decoder waits for a place past what
    /// has come of a stream kept whole (so that one that will not come soon is asked of the server meanwhile); the first
    /// answer `wait` gives, nil when it gave none.
    private func inSlices<Answer>(of seconds: Double, _ wait: (Date) -> Answer?) -> Answer? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let waiting = askServerIfSlow()
            let answer = wait(waiting ? min(deadline, Date().addingTimeInterval(0.1)) : deadline)
            if answer != nil || !waiting || Date() >= deadline { return answer }
        }
    }

    /// While the decoder waits for a place past what has come of a stream kept whole: when it will not come within
    /// `keptWait` of the move at the rate the stream comes, asks the server for the rest from that place (and the
    /// stream is kept no longer). True while it still waits.
    private func askServerIfSlow() -> Bool {
        let place = shared.withLock { shared -> (offset: Int?, waiting: Bool) in
            guard let kept = shared.kept, let since = shared.waitingSince, shared.readAt > kept.count, !shared.ended else {
                shared.waitingSince = nil
                return (nil, false)
            }
            let now = Date()
            let waited = now.timeIntervalSince(since)
            guard waited >= Self.keptJudgedAfter || shared.failure != nil else { return (nil, true) }
            let rate = Double(kept.count) / max(0.1, now.timeIntervalSince(shared.keptSince))
            let coming = Double(shared.readAt - kept.count) / max(rate, 1)
            guard waited + coming > Self.keptWait || shared.failure != nil else { return (nil, true) }
            shared.kept = nil
            shared.waitingSince = nil
            return (shared.readAt, false)
        }
        if let offset = place.offset {
            Self.logger.info("\(url): byte \(offset) would come late; asked of the server, and the stream is not compared")
            start(at: offset)
        }
        return place.waiting
    }

    /// Hands `live.title` the titles whose place the decoder has reached, the last of them only.
    private func reachedTitles() {
        let reached = shared.withLock { shared -> String? in
            guard let first = shared.titles.first, first.at <= shared.taken else { return nil }
            let count = shared.titles.firstIndex { $0.at > shared.taken } ?? shared.titles.count
            let last = shared.titles[count - 1].title
            shared.titles.removeFirst(count)
            return last
        }
        if let reached { live.title(reached) }
    }

    func waitForFill(atLeast bytes: Int, waitingAtMost seconds: Double) -> StreamFill {
        var fill = StreamFill(held: 0, received: 0, ended: false)
        _ = inSlices(of: seconds) { until -> Bool? in
            fill = shared.wait(
                until: until, for: { $0.held >= bytes || $0.ended || $0.failure != nil },
                then: { shared in
                    let failed = shared.failure != nil && shared.waitingSince == nil
                    return StreamFill(held: shared.held, received: shared.received, ended: shared.ended || failed)
                })
            return fill.held >= bytes || fill.ended ? true : nil
        }
        return fill
    }

    func restart(at byteOffset: Int) -> Bool {
        guard !isLive else { return false }
        let resume = shared.withLock { shared -> Int?? in
            guard let kept = shared.kept else { return .none }
            shared.readAt = byteOffset
            shared.waitingSince = byteOffset > kept.count && !shared.ended ? Date() : nil
            // A kept transfer that failed is tried again from where it stopped, still kept.
            return shared.failure != nil && !shared.ended ? .some(kept.count) : .some(nil)
        }
        switch resume {
        case .none: start(at: byteOffset)
        case .some(let from?): start(at: from)
        case .some(nil): break
        }
        return true
    }

    /// True when a move can be asked for: the server sends parts of the file, or the stream is kept whole.
    var sendsParts: Bool { shared.withLock { ($0.answeredWithParts || $0.kept != nil) && !$0.isLive } }

    var isLive: Bool { shared.withLock { $0.isLive } }

    var length: Int? { shared.withLock { $0.answeredLength } }

    func cancel() {
        shared.withLock { shared in
            shared.generation += 1
            shared.task?.cancel()
            shared.releaseSpaceWaiters()
        }
    }

    private func start(at offset: Int) {
        shared.withLock { shared in
            shared.generation += 1
            let current = shared.generation
            shared.task?.cancel()
            shared.buffer.removeAll()
            shared.taken = shared.received
            shared.titles.removeAll()
            shared.ended = false
            shared.failure = nil
            shared.dropIncoming = 0
            shared.releaseSpaceWaiters()
            shared.task = Task.detached { [weak self] in await self?.transfer(from: offset, owner: current) }
        }
    }

    /// Reads the body from `offset` on into the buffer, reconnecting where it broke off.
    private func transfer(from offset: Int, owner: Int) async {
        var next = offset
        var attempt = 0
        var said = false
        var total: Int?
        /// When a live stream broke off: it is tried again for `liveRetryLimit` from then.
        var brokeAt: Date?
        while !Task.isCancelled {
            var failure: HTTPFailure
            do {
                let response = try await http.openStream(url, from: isLive ? 0 : next, icyMetadata: true)
                if let type = response.headers.first(name: "Content-Type")?.lowercased(), type.hasPrefix("text/html") {
                    fail("the server sent an HTML page, not audio", owner)
                    return
                }
                if Self.saysLive(response) { becameLive() }
                let live = isLive
                if !live { total = total ?? Self.length(of: response, from: next) }
                learn(from: response, length: total)
                var metadata = live ? IcyMetadata(header: response.headers.first(name: "icy-metaint")) : nil
                var skip = !live && next > 0 && response.status.code == 200 ? next : 0
                for try await chunk in response.body {
                    var bytes = Array(chunk.readableBytesView)
                    var titles: [(offset: Int, title: String)] = []
                    if metadata != nil { (bytes, titles) = metadata!.take(bytes) }
                    if skip > 0 {
                        let dropped = min(skip, bytes.count)
                        bytes.removeFirst(dropped)
                        skip -= dropped
                    }
                    lookForTag(bytes, at: next)
                    guard await append(bytes, titles: titles, owner) else { return }
                    if !bytes.isEmpty {
                        next += bytes.count
                        attempt = 0
                        // A live stream sounds again: its next break is said again, and given its own time.
                        if live { (said, brokeAt) = (false, nil) }
                    }
                }
                if live {
                    failure = HTTPFailure("the server ended the stream")
                } else {
                    guard let total, next < total else {
                        finish(owner)
                        return
                    }
                    failure = HTTPFailure("the server closed the connection at byte \(next) of \(total)")
                }
            } catch {
                failure = HTTPFailure.from(error, timeouts: http.timeouts)
            }
            guard isCurrent(owner) else { return }
            let delay: Double
            if isLive, next > offset {
                // A live stream that had begun is tried again until it has been gone for too long.
                let since = brokeAt ?? Date()
                brokeAt = since
                guard Date().timeIntervalSince(since) < Self.liveRetryLimit else {
                    fail("\(failure.reason); no sound for \(Int(Self.liveRetryLimit / 60)) minutes", owner)
                    return
                }
                delay = min(Self.liveRetryDelay, Double(1 << min(attempt, 3)))
                if !said {
                    said = true
                    live.brokeOff(failure.reason)
                }
            } else {
                // An HTTP error, or a first connection that fails, is final; a transfer that had begun is retried.
                let begun = next > offset || attempt > 0
                guard failure.status == nil, begun, let retry = http.retry.delay(before: attempt) else {
                    fail(failure.reason, owner)
                    return
                }
                delay = retry
                if !said {
                    said = true
                    Self.logger.info("\(url): \(failure.reason); reconnecting from byte \(next)")
                }
            }
            attempt += 1
            try? await Task.sleep(for: .seconds(delay))
        }
    }

    /// True when an answer is a radio server's: it puts metadata between the audio (`icy-metaint`), or it names its
    /// stream in Icecast's and Shoutcast's headers and gives no length. A file with an `icy-name` and a length is a file.
    static func saysLive(_ response: HTTPClientResponse) -> Bool {
        if response.headers.contains(name: "icy-metaint") { return true }
        let named = response.headers.contains { $0.name.lowercased().hasPrefix("icy-") || $0.name.lowercased() == "ice-audio-info" }
        return named && !response.headers.contains(name: "Content-Length") && response.status.code == 200
    }

    /// Marks the stream live, telling `live.began` the first time.
    private func becameLive() {
        let first = shared.withLock { shared -> Bool in
            defer { shared.isLive = true }
            shared.stopKeeping()
            return !shared.isLive
        }
        if first { live.began() }
    }

    /// Feeds the collector while the bytes run on from the start of the resource; hands over the tag once whole.
    private func lookForTag(_ bytes: [UInt8], at offset: Int) {
        guard !bytes.isEmpty, onTag != nil else { return }
        let outcome = shared.withLock { shared -> ID3TagCollector.Outcome? in
            guard var collector = shared.tagCollector, offset == collector.gathered.count else {
                shared.tagCollector = nil
                return nil
            }
            let outcome = collector.add(bytes)
            shared.tagCollector = outcome == .needMore ? collector : nil
            return outcome
        }
        if case .tag(let tag)? = outcome { onTag?(tag) }
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
        shared.withLock { shared in
            shared.answeredWithParts = response.status.code == 206 || ranges
            if let length { shared.answeredLength = length }
        }
    }

    private func isCurrent(_ owner: Int) -> Bool {
        shared.withLock { $0.generation == owner }
    }

    /// Adds bytes, waiting while the decoder is far behind (suspended: no thread of the pool is held meanwhile); false
    /// when this transfer was replaced.
    private func append(_ bytes: [UInt8], titles: [(offset: Int, title: String)], _ owner: Int) async -> Bool {
        while true {
            switch tryAppend(bytes, titles: titles, owner) {
            case .appended: return true
            case .replaced: return false
            case .full: await withCheckedContinuation { waitForSpace($0, owner) }
            }
        }
    }

    private enum Appending { case appended, replaced, full }

    /// Adds bytes now if the buffer has room.
    private func tryAppend(_ bytes: [UInt8], titles: [(offset: Int, title: String)], _ owner: Int) -> Appending {
        shared.withLock { shared in
            guard shared.generation == owner else { return .replaced }
            if let kept = shared.kept {
                if bytes.withUnsafeBytes({ kept.append($0) }) {
                    shared.received += bytes.count
                    return .appended
                }
                // The disk takes no more: the stream plays on from memory, no longer kept.
                Self.logger.info("\(url): the stream can no longer be kept whole (the temporary folder is full)")
                shared.stopKeeping()
            }
            guard shared.buffer.count <= Self.highWater else { return .full }
            var bytes = bytes
            if shared.dropIncoming > 0 {
                // Keeping stopped while the decoder waited past what had come: what lies before its place is left out.
                let dropped = min(shared.dropIncoming, bytes.count)
                bytes.removeFirst(dropped)
                shared.dropIncoming -= dropped
                shared.received += dropped
            }
            for title in titles { shared.titles.append((shared.received + title.offset, title.title)) }
            shared.buffer.append(contentsOf: bytes)
            shared.received += bytes.count
            return .appended
        }
    }

    /// Resumes `waiter` once the decoder took bytes (or the transfer was replaced); at once if that happened already.
    private func waitForSpace(_ waiter: CheckedContinuation<Void, Never>, _ owner: Int) {
        shared.withLock { shared in
            guard shared.buffer.count > Self.highWater, shared.generation == owner else { return waiter.resume() }
            shared.spaceWaiters.append(waiter)
        }
    }

    /// Marks the end of the stream; a stream kept whole is handed over.
    private func finish(_ owner: Int) {
        let whole = shared.withLock { shared -> KeptFile? in
            guard shared.generation == owner else { return nil }
            shared.ended = true
            guard let kept = shared.kept, !shared.handedWhole else { return nil }
            shared.handedWhole = true
            return kept.kept()
        }
        if let whole { keepWhole?(whole) }
    }

    private func fail(_ reason: String, _ owner: Int) {
        shared.withLock { shared in
            if shared.generation == owner { shared.failure = reason }
        }
    }
}

/// Why a stream stopped.
struct StreamFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
