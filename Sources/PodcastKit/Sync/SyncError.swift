/// Why a sync stopped, each with its documented exit status in the command that reports it. (Missing or broken
/// `[sync]` settings are the command's own configuration error, found before any request.)
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached, or stopped answering (69).
    case unreachable(String)
    /// The server refused the username or password (77).
    case refused(String)
    /// The server answered something else than the protocol says (1).
    case server(String)
    /// The library could not be read or written (1).
    case library(String)

    public var description: String {
        switch self {
        case .unreachable(let reason), .refused(let reason), .server(let reason), .library(let reason):
            reason
        }
    }
}
