import CLazyLibraries
import Glibc

/// A stream's bytes as FFmpeg pulls them: first the bytes already read to tell its format, then the stream itself,
/// waiting for each piece; a move elsewhere (an index at the end of an M4A, a seek) asks the server for that range.
final class PulledStream {
    private let stream: ByteStream
    /// The first bytes, read before FFmpeg took over: offsets 0 up to their count.
    private var head: [UInt8]
    /// The offset of the next byte `read` gives.
    private var offset = 0
    /// True when the engine has a command that must not wait for the network (stop, load, shutdown).
    private let interrupted: () -> Bool
    /// Set when a read gave up because of `interrupted`.
    private(set) var wasInterrupted = false
    /// Why the stream failed, when it did.
    private(set) var failure: String?
    /// Set when a move was refused: the server cannot send a range.
    private(set) var cannotSeek = false

    init(stream: ByteStream, head: [UInt8], interrupted: @escaping () -> Bool) {
        self.stream = stream
        self.head = head
        self.interrupted = interrupted
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
        if offset < head.count {
            let count = min(size, head.count - offset)
            head.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + offset, count: count) }
            offset += count
            return Int32(count)
        }
        while true {
            if interrupted() {
                wasInterrupted = true
                return -1
            }
            let bytes: [UInt8]?
            do {
                bytes = try stream.read(maxBytes: size, waitingAtMost: 0.1)
            } catch {
                failure = "\(error)"
                return -1
            }
            guard let bytes else { continue }
            bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
            offset += bytes.count
            return Int32(bytes.count)
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
        guard target >= 0, stream.restart(at: target) else {
            cannotSeek = true
            return -1
        }
        head = []
        offset = target
        wasInterrupted = false
        return Int64(target)
    }
}
