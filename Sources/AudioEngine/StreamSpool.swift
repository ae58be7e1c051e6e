import Foundation

/// A stream's bytes kept as they arrive, from its first byte on, in a temporary file removed at once (it lives as long
/// as its descriptor): what a server that sends no part of a file gave, read again for every move backwards.
final class StreamSpool {
    private let descriptor: Int32
    /// Bytes kept: offsets 0 up to this.
    private(set) var count = 0

    /// A new, empty spool in the temporary folder (`TMPDIR`, else /tmp); nil when no file can be made there.
    init?() {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/podline-stream-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { return nil }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = made
    }

    deinit { close(descriptor) }

    /// Adds `bytes` at the end (the descriptor's own offset: only appends move it, reads give their place); false when
    /// the disk refused them.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard WholeWrite.write(bytes, to: descriptor) else { return false }
        count += bytes.count
        return true
    }

    /// Copies up to `size` kept bytes from `offset` into `buffer`; how many (0 past the end, -1 on a read error).
    func read(at offset: Int, into buffer: UnsafeMutableRawPointer, size: Int) -> Int {
        let wanted = min(size, count - offset)
        guard wanted > 0 else { return 0 }
        while true {
            let got = pread(descriptor, buffer, wanted, off_t(offset))
            if got < 0 && errno == EINTR { continue }
            return got
        }
    }
}
