#if canImport(Glibc)
    import Glibc
#endif

/// Why an episode could not be downloaded.
public struct DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    /// The network failed (as opposed to the server's answer or the disk): a later try may resume.
    public var interrupted = false

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }

    /// A failed system call on `path`, with errno's reason; a full disk reads "disk full (No space left on device)".
    static func system(_ call: String, path: String) -> DownloadError {
        let code = errno
        let text = String(cString: strerror(code))
        if code == ENOSPC || code == EDQUOT { return DownloadError("disk full (\(text)) writing \(path)") }
        return DownloadError("\(call) \(path): \(text)")
    }

    /// This error with the episode's reference in front, so the line names the episode as well as the file.
    func naming(_ ref: String) -> DownloadError {
        reason.hasPrefix("\(ref): ") ? self : DownloadError("\(ref): \(reason)")
    }
}
