/// Why a sync stopped, each with its documented exit status in the command that reports it.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached, or stopped answering (69).
    case unreachable(String)
    /// The server refused the username or password (77).
    case refused(String)
    /// `[sync]` is missing or broken, or the password could not be had (78).
    case settings(String)
    /// The server answered something else than the protocol says (1).
    case server(String)
    /// The library could not be read or written (1).
    case library(String)

    public var description: String {
        switch self {
        case .unreachable(let reason), .refused(let reason), .settings(let reason), .server(let reason), .library(let reason):
            reason
        }
    }
}
