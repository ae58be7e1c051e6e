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
    /// A player holds the socket but does not answer within `ControlClient.answerTime` (it is stopped, by Ctrl-Z or
    /// SIGSTOP, or hung): the socket's path, and the player's process id when known.
    case notAnswering(String, pid: Int32?)

    public var description: String {
        switch self {
        case .alreadyServed(let path): "another podline player already serves \(path)"
        case .unsafeDirectory(let reason): "refusing the control socket folder: \(reason)"
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .noPlayer: "no running player (start one with 'podline play' or 'podline')"
        case .badReply(let reason): "the player's reply could not be read: \(reason)"
        case .notAnswering(let path, let pid?):
            "the player at \(path) (pid \(pid)) does not answer within \(ControlClient.answerTime) s: is it stopped (Ctrl-Z)? "
                + "'fg' it, or 'kill -CONT \(pid)'"
        case .notAnswering(let path, nil):
            "the player at \(path) does not answer within \(ControlClient.answerTime) s: is it stopped (Ctrl-Z)?"
        }
    }

    /// The exit status a client gives for this error: 4 when no player runs, 69 (EX_UNAVAILABLE) when one does not
    /// answer, 1 otherwise.
    public var exitStatus: Int32 {
        switch self {
        case .noPlayer: ExitStatus.noPlayer
        case .notAnswering: ExitStatus.unreachable
        default: ExitStatus.failure
        }
    }
}
