import Foundation

/// Why the control socket could not be served or reached.
public enum ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another podline process already serves this socket.
    case alreadyServed(String)
    /// The socket's folder is unsafe (not ours, a symlink, not a folder).
    case unsafeDirectory(String)
    /// A system call failed.
    case system(String, Int32)
    /// No player serves the socket.
    case noPlayer
    /// The player closed the connection or sent something unreadable.
    case badReply(String)

    public var description: String {
        switch self {
        case .alreadyServed(let path): "another podline player already serves \(path)"
        case .unsafeDirectory(let reason): "refusing the control socket folder: \(reason)"
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .noPlayer: "no running player (start one with 'podline play' or 'podline')"
        case .badReply(let reason): "the player's reply could not be read: \(reason)"
        }
    }
}
