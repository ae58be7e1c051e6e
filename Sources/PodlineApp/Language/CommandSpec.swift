/// One command of the language: its name, how it is written, its flags, where it runs and how its words are read.
public struct CommandSpec: Sendable, Equatable {
    /// Reads the words after a command's name (its arguments and flags) into the command they say.
    public typealias Parse = @Sendable (_ arguments: [String], _ spec: CommandSpec) throws(CommandError) -> ParsedCommand

    /// Who carries a command out.
    public enum Kind: Sendable, Equatable {
        /// Acts on the running player's model (locally in the REPL, over the socket from the shell).
        case player
        /// Belongs to the interactive session itself (`help`, `quit`).
        case session
        /// A library task (`add`, `update`, `download`, …): it reads feeds, files or the network, and changes the library's
        /// model as it goes; parsed by the language and run by whichever front end has it.
        case library
        /// Changes the library's model (`mark`, `fav`, `delete`, `remove`): parsed by the language and run by whichever front
        /// end has it, the shell, the REPL or the socket; a running player shows the change.
        case edit
        /// Reads the library's model (`shows`, `episodes`, `stats`, `notes`): parsed by the language and answered by whichever
        /// front end has it, with the same data everywhere.
        case query
    }

    /// The front ends a command can be typed in.
    public struct FrontEnds: OptionSet, Sendable, Equatable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `podline NAME …` in a shell.
        public static let shell = FrontEnds(rawValue: 1)
        /// A line of the REPL.
        public static let repl = FrontEnds(rawValue: 2)
        /// A line on the control socket.
        public static let socket = FrontEnds(rawValue: 4)
        public static let everywhere: FrontEnds = [.shell, .repl, .socket]
    }

    public var name: String
    /// Other exact names (`exit` for `quit`); they take part in matching like the name.
    public var aliases: [String]
    /// The arguments, as the help shows them (flags are listed from `flags`).
    public var usage: String
    /// One line saying what it does.
    public var summary: String
    public var kind: Kind
    /// The flags it takes (besides the global ones).
    public var flags: [FlagSpec]
    /// Where it may be typed.
    public var frontEnds: FrontEnds
    /// What its arguments complete to.
    public var completion: Completion
    /// Whether the command can make this process the player (the others only talk to one that runs, and so run with a
    /// broken config.toml, which they do not read).
    public var startsPlayer: Bool
    /// How the front ends treat it besides.
    public var traits: Traits
    /// What it does beyond the summary, in paragraphs (a blank line between them; a paragraph with line breaks of its
    /// own is shown as written): the end of its help and its man page entry.
    public var details: String
    /// How its words are read: the one place that knows this command's grammar.
    public var parse: Parse

    /// What sets a command apart in how the front ends run it.
    public struct Traits: OptionSet, Sendable, Equatable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A player command the shell runs through its own ArgumentParser subcommand (it streams, or has subcommands).
        public static let ownShellForm = Traits(rawValue: 2)
        /// Runs with a broken config.toml: it reads none, or reports on it.
        public static let ignoresConfig = Traits(rawValue: 4)
    }

    public init(
        _ name: String, aliases: [String] = [], usage: String = "", _ summary: String, kind: Kind,
        flags: [FlagSpec] = [], in frontEnds: FrontEnds = .everywhere, completion: Completion = .none,
        startsPlayer: Bool = false, traits: Traits = [], details: String = "", parse: @escaping Parse
    ) {
        self.parse = parse
        self.details = details
        self.startsPlayer = startsPlayer
        self.traits = traits
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.kind = kind
        self.flags = flags
        self.frontEnds = frontEnds
        self.completion = completion
    }

    /// Commands are told apart by name, which the table holds unique.
    public static func == (lhs: CommandSpec, rhs: CommandSpec) -> Bool { lhs.name == rhs.name }

    /// `name usage`, for help listings.
    public var synopsis: String { usage.isEmpty ? name : "\(name) \(usage)" }

    /// The flag written `--name` (or `-x`, its short form), if this command takes it.
    public func flag(_ word: String) -> FlagSpec? {
        flags.first { "--" + $0.name == word || $0.short.map { "-\($0)" } == word }
    }
}

/// A flag of one command: `--name`, or `--name VALUE`.
public struct FlagSpec: Sendable, Equatable {
    public var name: String
    /// The value's name in help (`TIME`), nil for a switch.
    public var value: String?
    public var help: String
    /// A one-letter form, written `-x`.
    public var short: Character?

    public init(_ name: String, short: Character? = nil, value: String? = nil, _ help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
    }

    /// `--name VALUE` (`-x, --name VALUE` with a short form), as help shows it.
    public var synopsis: String {
        let long = value.map { "--\(name) \($0)" } ?? "--\(name)"
        return short.map { "-\($0), \(long)" } ?? long
    }
}

/// What a command's arguments complete to in the REPL and the shells.
public enum Completion: Sendable, Equatable {
    case none
    /// Episode references and show slugs, else file paths.
    case references
    /// Show slugs.
    case shows
    /// File paths.
    case files
    /// Feeds: file paths, or the last find's results once `find/` is begun.
    case feeds
    /// Episode references and show slugs, then these words after the first argument.
    case referencesThen([String])
    /// These words.
    case words([String])
    /// Command names.
    case commands
}
