/// One command of the language: its name, how it is written and where it runs.
public struct CommandSpec: Sendable, Equatable {
    /// Where a command is carried out.
    public enum Kind: Sendable, Equatable {
        /// Acts on the running player's model (locally in the REPL, over the socket from the shell).
        case player
        /// Belongs to the interactive session itself (`help`, `quit`).
        case session
        /// A library command that the shell form implements; the REPL runs it in-process.
        case library
    }

    public var name: String
    /// Other exact names (`exit` for `quit`); they take part in matching like the name.
    public var aliases: [String]
    /// The arguments, as the help shows them.
    public var usage: String
    /// One line saying what it does.
    public var summary: String
    public var kind: Kind

    public init(_ name: String, aliases: [String] = [], usage: String = "", _ summary: String, kind: Kind) {
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.kind = kind
    }

    /// `name usage`, for help listings.
    public var synopsis: String { usage.isEmpty ? name : "\(name) \(usage)" }
}
