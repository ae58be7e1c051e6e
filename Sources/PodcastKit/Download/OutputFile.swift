#if canImport(Glibc)
    import Glibc
#endif

/// A file being written by a download; owns its descriptor and closes it in `deinit`.
final class OutputFile {
    private let descriptor: Int32
    let path: String

    /// Opens `path` for appending (creating it), or truncates it first when `truncate` is true.
    init(path: String, truncate: Bool) throws(DownloadError) {
        self.path = path
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : O_APPEND)
        descriptor = open(path, flags, 0o644)
        if descriptor < 0 { throw DownloadError.system("open", path: path) }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(DownloadError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw DownloadError.system("write", path: path)
            }
            offset += written
        }
    }

    /// Flushes the data to the disk.
    func sync() throws(DownloadError) {
        if fsync(descriptor) != 0 { throw DownloadError.system("fsync", path: path) }
    }

    deinit { close(descriptor) }

    /// The size of the file at `path`, or nil when there is none.
    static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }
}
