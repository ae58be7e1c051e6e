/// Reads the words after each player command (and the session's own commands) into a `ParsedCommand`: one parse a
/// command, which its table entry holds.
package enum PlayerCommandParser {
    /// A player command's parse: `--json` taken out where the command takes it, any other option refused, then `body`
    /// reads the rest.
    private static func player(
        _ body: @escaping @Sendable (_ arguments: [String], _ spec: CommandSpec, _ json: Bool) throws(CommandError) -> PlayerCommand
    ) -> CommandSpec.Parse {
        { (words: [String], spec: CommandSpec) throws(CommandError) -> ParsedCommand in
            let json = words.contains("--json") && spec.flag("--json") != nil
            let arguments = json ? words.filter { $0 != "--json" } : words
            if let option = arguments.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
                throw .usage(spec, "unknown option '\(option)'")
            }
            return .player(try body(arguments, spec, json))
        }
    }

    /// A player command that takes no argument.
    private static func bare(_ command: PlayerCommand) -> CommandSpec.Parse {
        player { (arguments: [String], spec: CommandSpec, _: Bool) throws(CommandError) -> PlayerCommand in
            try CommandParser.expect(arguments, atMost: 0, spec)
            return command
        }
    }

    /// A player command that takes one value, read by `value`.
    private static func one(
        _ value: @escaping @Sendable (_ word: String, _ spec: CommandSpec) throws(CommandError) -> PlayerCommand
    ) -> CommandSpec.Parse {
        player { (arguments: [String], spec: CommandSpec, _: Bool) throws(CommandError) -> PlayerCommand in
            try CommandParser.expect(arguments, exactly: 1, spec)
            return try value(arguments[0], spec)
        }
    }

    /// `play` (and `demo`, which plays the bundled episode).
    package static let play: CommandSpec.Parse = { (words: [String], spec: CommandSpec) throws(CommandError) -> ParsedCommand in
        .player(.play(try PlayRequestParser.parse(words, for: spec)))
    }

    /// `demo`: `play`'s flags, and the bundled episode as the one target.
    package static let demo: CommandSpec.Parse = { (words: [String], spec: CommandSpec) throws(CommandError) -> ParsedCommand in
        var request = try PlayRequestParser.parse(words, for: spec)
        try CommandParser.expect(request.targets, atMost: 0, spec)
        guard let demo = ResourceLocator.url(for: ResourceLocator.demoEpisode) else {
            let looked = ResourceLocator.candidates().map(\.path).joined(separator: ", ")
            throw CommandError(
                .unreadable,
                "the demo episode \(ResourceLocator.demoEpisode) is missing (looked in \(looked)); "
                    + "set PODLINE_RESOURCES to the Resources folder")
        }
        request.targets = [demo.path]
        return .player(.play(request))
    }

    package static let pause = bare(.pause)
    package static let resume = bare(.resume)
    package static let toggle = bare(.toggle)
    package static let stop = bare(.stop)
    package static let next = bare(.next)
    package static let skip = bare(.skip)
    package static let back = bare(.back)

    /// `seek TIME`.
    package static let seek = one { (word: String, spec: CommandSpec) throws(CommandError) -> PlayerCommand in
        .seek(try ValueParser.time(word, for: spec))
    }

    /// `chapter next|prev|N`.
    package static let chapter = one { (word: String, _: CommandSpec) throws(CommandError) -> PlayerCommand in
        switch word.lowercased() {
        case CommandTable.next.name, "n": return .chapter(.next)
        case "prev", "previous", "p": return .chapter(.previous)
        default:
            guard let number = Int(word), number >= 1 else {
                throw CommandError(
                    .invalidParameter, "chapter: '\(word)' is not next, prev or a chapter number (see 'podline help chapter')")
            }
            return .chapter(.number(number))
        }
    }

    /// `volume [+|-]N`.
    package static let volume = one { (word: String, spec: CommandSpec) throws(CommandError) -> PlayerCommand in
        .volume(try ValueParser.volume(word, for: spec))
    }

    /// `speed [+|-]X`.
    package static let speed = one { (word: String, spec: CommandSpec) throws(CommandError) -> PlayerCommand in
        .speed(try ValueParser.speed(word, for: spec))
    }

    /// `sleep TIME|end|off`.
    package static let sleep = one { (word: String, spec: CommandSpec) throws(CommandError) -> PlayerCommand in
        .sleep(try ValueParser.sleep(word, for: spec))
    }

    /// `silence on|off`.
    package static let silence = one { (word: String, spec: CommandSpec) throws(CommandError) -> PlayerCommand in
        .silence(try ValueParser.onOff(word, for: spec))
    }

    /// `normalize on|off`.
    package static let normalize = one { (word: String, spec: CommandSpec) throws(CommandError) -> PlayerCommand in
        .normalize(try ValueParser.onOff(word, for: spec))
    }

    /// `voice on|off`.
    package static let voice = one { (word: String, spec: CommandSpec) throws(CommandError) -> PlayerCommand in
        .voice(try ValueParser.onOff(word, for: spec))
    }

    /// `cue [on|off]`.
    package static let cue = player { (arguments: [String], spec: CommandSpec, _: Bool) throws(CommandError) -> PlayerCommand in
        try CommandParser.expect(arguments, atMost: 1, spec)
        return .cue(try arguments.first.map { word throws(CommandError) in try ValueParser.onOff(word, for: spec) })
    }

    /// `status [--json]`.
    package static let status = player { (arguments: [String], spec: CommandSpec, json: Bool) throws(CommandError) -> PlayerCommand in
        try CommandParser.expect(arguments, atMost: 0, spec)
        return .status(json: json)
    }

    /// `events [--json]`.
    package static let events = player { (arguments: [String], spec: CommandSpec, json: Bool) throws(CommandError) -> PlayerCommand in
        try CommandParser.expect(arguments, atMost: 0, spec)
        return .events(json: json)
    }

    /// `queue [add <ref|file>…|remove <ref|index>|clear|list] [--json]`.
    package static let queue = player { (arguments: [String], spec: CommandSpec, json: Bool) throws(CommandError) -> PlayerCommand in
        .queue(try queueAction(spec, arguments), json: json)
    }

    private static func queueAction(_ spec: CommandSpec, _ arguments: [String]) throws(CommandError) -> QueueAction {
        guard let verb = arguments.first else { return .list }
        let rest = Array(arguments.dropFirst())
        switch verb {
        case "add":
            guard !rest.isEmpty else { throw CommandError(.invalidParameter, "queue add: missing <ref|file>") }
            return .add(rest)
        case "remove", "rm":
            guard rest.count == 1 else { throw CommandError(.invalidParameter, "queue remove: expected one <ref|index>") }
            return .remove(rest[0])
        case "clear":
            try CommandParser.expect(rest, atMost: 0, spec)
            return .clear
        case "list":
            try CommandParser.expect(rest, atMost: 0, spec)
            return .list
        default:
            throw CommandError(.invalidParameter, "queue: unknown action '\(verb)' (use add, remove or clear)")
        }
    }

    /// `help [command]`.
    package static let help: CommandSpec.Parse = { (arguments: [String], spec: CommandSpec) throws(CommandError) -> ParsedCommand in
        try CommandParser.expect(arguments, atMost: 1, spec)
        if let topic = arguments.first { return .help(try CommandMatcher.match(topic).name) }
        return .help(nil)
    }

    /// `quit` (and `exit`).
    package static let quit: CommandSpec.Parse = { (arguments: [String], spec: CommandSpec) throws(CommandError) -> ParsedCommand in
        try CommandParser.expect(arguments, atMost: 0, spec)
        return .quit
    }

    /// `repl` and `tui` typed where a session already runs: a session of their own is not started, the help is shown.
    package static let session: CommandSpec.Parse = { (arguments: [String], spec: CommandSpec) throws(CommandError) -> ParsedCommand in
        try CommandParser.expect(arguments, atMost: 0, spec)
        return .help(nil)
    }
}
