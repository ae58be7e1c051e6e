import CLazyLibraries
import Glibc

/// A stream's bytes as FFmpeg pulls them: first the bytes already read to tell its format, then the stream itself,
/// waiting for each piece; a move elsewhere (an index at the end of an M4A, a seek) asks the server for that range.
///
/// From a server that sends no part of a file, every byte is kept (`StreamSpool`) as it is read: a move backwards
/// reads the kept bytes, and a move forwards (to an index at the end) downloads up to there first, reporting how
/// far it got to `fetched`. A live stream is neither kept nor moved in.
final class PulledStream {
    private let stream: ByteStream
    /// The first bytes, read before FFmpeg took over: offsets 0 up to their count.
    private var head: [UInt8]
    /// The offset of the next byte `read` gives.
    private(set) var offset = 0
    /// Everything read so far, when the server sends no part of a file; nil when it does (or no file could be made).
    private let spool: StreamSpool?
    /// True when the engine has a command that must not wait for the network (stop, load, shutdown).
    private let interrupted: () -> Bool
    /// Told the bytes downloaded so far and the whole length (when known) while a move forwards reads up to its place.
    private let fetched: (Int, Int?) -> Void
    /// Told before each read playback waits on, and each time the bytes have not arrived: when its output ran dry, the
    /// engine holds the stream to refill it (a stream trickling in slower than it plays never keeps the read waiting).
    private let starved: () -> Void
    /// Set when a read gave up because of `interrupted`.
    private(set) var wasInterrupted = false
    /// Why the stream failed, when it did.
    private(set) var failure: String?

    /// The bytes between two reports of a download up to a move's place: a percent of the whole, at least this.
    private static let reportStep = 64 << 10

    init(
        stream: ByteStream, head: [UInt8], interrupted: @escaping () -> Bool, fetched: @escaping (Int, Int?) -> Void = { _, _ in },
        starved: @escaping () -> Void = {}
    ) {
        self.stream = stream
        self.interrupted = interrupted
        self.fetched = fetched
        self.starved = starved
        if !stream.sendsParts, !stream.isLive, let spool = StreamSpool(), head.withUnsafeBytes({ spool.append($0) }) {
            self.spool = spool
            self.head = []
        } else {
            self.spool = nil
            self.head = head
        }
    }

    /// FFmpeg's view of it: callbacks with this object as their context, valid while it lives.
    var io: podline_av_io {
        podline_av_io(
            context: Unmanaged.passUnretained(self).toOpaque(),
            read: { context, buffer, size in
                Unmanaged<PulledStream>.fromOpaque(context!).takeUnretainedValue().read(into: buffer!, size: Int(size))
            },
            seek: { context, offset, whence in
                Unmanaged<PulledStream>.fromOpaque(context!).takeUnretainedValue().seek(to: offset, whence: whence)
            },
            size: { _ in -1 })
    }

    private func read(into buffer: UnsafeMutablePointer<UInt8>, size: Int) -> Int32 {
        // Past the end (an index that points beyond a cut file): the end, as a file's read says, not a request the
        // server refuses (HTTP 416).
        if let length = stream.length, offset >= length { return 0 }
        if offset < head.count {
            let count = min(size, head.count - offset)
            head.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + offset, count: count) }
            offset += count
            return Int32(count)
        }
        if let spool, offset < spool.count {
            let got = spool.read(at: offset, into: buffer, size: size)
            guard got > 0 else {
                failure = "cannot read the downloaded part again"
                return -1
            }
            offset += got
            return Int32(got)
        }
        guard let bytes = next(size, forPlayback: true) else { return -1 }
        bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
        offset += bytes.count
        return Int32(bytes.count)
    }

    /// The stream's next bytes (up to `size`; empty at its end), kept in the spool when there is one; nil when the
    /// stream failed, could not be kept, or gave up for a command. `forPlayback` when the listener waits for them.
    private func next(_ size: Int, forPlayback: Bool = false) -> [UInt8]? {
        while true {
            if interrupted() {
                wasInterrupted = true
                return nil
            }
            if forPlayback { starved() }
            let bytes: [UInt8]?
            do {
                bytes = try stream.read(maxBytes: size, waitingAtMost: 0.1)
            } catch {
                failure = "\(error)"
                return nil
            }
            guard let bytes else { continue }
            if let spool, !bytes.withUnsafeBytes({ spool.append($0) }) {
                failure = "cannot keep the download in the temporary folder: \(String(cString: strerror(errno)))"
                return nil
            }
            return bytes
        }
    }

    private func seek(to position: Int64, whence: Int32) -> Int64 {
        let target: Int
        switch whence {
        case SEEK_SET: target = Int(position)
        case SEEK_CUR: target = offset + Int(position)
        default: return -1
        }
        if target == offset { return Int64(offset) }
        guard target >= 0 else { return -1 }
        if let length = stream.length, target >= length {
            // Nothing to ask the server for there: reads give the end (see `read`).
            offset = target
            return Int64(target)
        }
        if let spool {
            guard readThrough(to: target, spool) else { return -1 }
        } else {
            guard stream.restart(at: target) else { return -1 }
            head = []
        }
        offset = target
        wasInterrupted = false
        return Int64(target)
    }

    /// Downloads into the spool up to `target`, reporting progress; false when the stream ends first or fails.
    private func readThrough(to target: Int, _ spool: StreamSpool) -> Bool {
        let total = stream.length
        let step = max(Self.reportStep, (total ?? 0) / 100)
        var reported = spool.count
        while spool.count < target {
            guard let bytes = next(1 << 16) else { return false }
            if bytes.isEmpty { return false }
            if spool.count - reported >= step {
                reported = spool.count
                fetched(reported, total)
            }
        }
        if reported != spool.count { fetched(spool.count, total) }
        return true
    }
}
