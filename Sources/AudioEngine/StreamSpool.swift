import Foundation

/// A stream's bytes kept as they arrive, from its first byte on, in a temporary file removed at once (it lives as long
/// as its descriptor): what a server that sends no part of a file gave, read again for every move backwards, or a
/// stream kept whole for a comparison with a second fetch.
public final class StreamSpool {
    private let descriptor: Int32
    /// Bytes kept: offsets 0 up to this.
    public private(set) var count = 0

    /// A new, empty spool in the temporary folder (`TMPDIR`, else /tmp); nil when no file can be made there.
    public init?() {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/podline-stream-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { return nil }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = made
    }

    deinit { close(descriptor) }

    /// The bytes kept so far, as a file of their own that stays open while it lives; nil when no descriptor is left.
    public func kept() -> KeptFile? {
        let copy = dup(descriptor)
        guard copy >= 0 else { return nil }
        _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
        return KeptFile(descriptor: copy, size: count)
    }

    /// Adds `bytes` at the end (the descriptor's own offset: only appends move it, reads give their place); false when
    /// the disk refused them.
    public func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard WholeWrite.write(bytes, to: descriptor) else { return false }
        count += bytes.count
        return true
    }

    /// Copies up to `size` kept bytes from `offset` into `buffer`; how many (0 past the end, -1 on a read error).
    public func read(at offset: Int, into buffer: UnsafeMutableRawPointer, size: Int) -> Int {
        let wanted = min(size, count - offset)
        guard wanted > 0 else { return 0 }
        while true {
            let got = pread(descriptor, buffer, wanted, off_t(offset))
            if got < 0 && errno == EINTR { continue }
            return got
        }
    }
}

/// A file with no name, open while this lives: what a spool kept.
public final class KeptFile: Sendable {
    private let descriptor: Int32
    /// Its length in bytes.
    public let size: Int

    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// A path that opens it (Linux's name for an open descriptor), for a decoder that opens paths.
    public var path: String { "/proc/self/fd/\(descriptor)" }
}
