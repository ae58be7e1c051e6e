/// Why a command line could not be carried out: a kind that fixes the exit status and the JSON error string, and a message.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of failure, each with its documented exit status.
    public enum Kind: String, Sendable, Equatable {
        /// The word names no command.
        case unknownCommand
        /// Missing, extra or malformed arguments, or values out of range.
        case invalidParameter
        /// No player is running (for commands that need one).
        case noPlayer
        /// The command is valid but could not be done now (nothing is playing, nothing queued).
        case failed
        /// A file or episode could not be read.
        case unreadable
        /// The command exists but cannot be used this way (for example a library command over the socket).
        case unavailable
        /// config.toml cannot be read or is not valid.
        case configuration
        /// A server could not be reached.
        case unreachable
        /// A server refused the credentials.
        case refused
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// A usage error of the command `spec`: `NAME: PROBLEM (see 'podline help NAME')`.
    package static func usage(_ spec: CommandSpec, _ problem: String) -> CommandError {
        CommandError(.invalidParameter, "\(spec.name): \(problem) (see 'podline help \(spec.name)')")
    }

    /// The exit status of a one-shot command that failed this way.
    public var exitStatus: Int32 {
        switch kind {
        case .unknownCommand, .invalidParameter, .unavailable: ExitStatus.usage
        case .noPlayer: ExitStatus.noPlayer
        case .failed: ExitStatus.failure
        case .unreadable: ExitStatus.unreadable
        case .configuration: ExitStatus.config
        case .unreachable: ExitStatus.unreachable
        case .refused: ExitStatus.refused
        }
    }

    /// The fixed error string of a JSON reply.
    public var replyError: String {
        switch kind {
        case .unknownCommand: "unknown command"
        case .invalidParameter: "invalid parameter"
        case .noPlayer: "no player"
        case .failed: "error running command"
        case .unreadable: "unreadable"
        case .unavailable: "unavailable"
        case .configuration: "configuration error"
        case .unreachable: "unreachable"
        case .refused: "refused"
        }
    }

    /// The error a failed exit status stands for, when a reply only carries the status.
    public static func kind(forReplyError text: String) -> Kind {
        switch text {
        case "unknown command": .unknownCommand
        case "invalid parameter", "invalid json", "line too long", "invalid utf-8": .invalidParameter
        case "no player": .noPlayer
        case "unreadable": .unreadable
        case "unavailable": .unavailable
        case "configuration error": .configuration
        case "unreachable": .unreachable
        case "refused": .refused
        default: .failed
        }
    }
}
