import Glibc

/// Writes a whole buffer to a file descriptor with write(2), going on after an interrupted or short write.
public enum WholeWrite {
    /// True when every byte was written; false when the descriptor is gone (a closed pipe, a hung-up terminal: EPIPE,
    /// EIO) or takes nothing more.
    @discardableResult
    public static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(fd, base + offset, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
