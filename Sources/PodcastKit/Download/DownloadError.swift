#if canImport(Glibc)
import Glibc
#endif

/// Why an episode could not be downloaded.
public struct DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }

    /// A failed system call, with errno's reason ("No space left on device" reads as "disk full").
    static func system(_ call: String, path: String) -> DownloadError {
        let code = errno
        if code == ENOSPC { return DownloadError("disk full writing \(path)") }
        return DownloadError("\(call) \(path): \(String(cString: strerror(code)))")
    }
}
