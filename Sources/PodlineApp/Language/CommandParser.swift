import PodcastKit

/// Turns the words of a command line into a checked `ParsedCommand`: the one grammar of the shell, the REPL and
/// the control socket.
public enum CommandParser {
    /// Parses `line` (REPL and socket form).
    public static func parse(line: String, in frontEnd: CommandSpec.FrontEnds = .repl) throws(CommandError) -> ParsedCommand? {
        let words = try Tokenizer.words(line)
        guard !words.isEmpty else { return nil }
        return try parse(words, in: frontEnd)
    }

    /// Parses `words`: a command name (or unique prefix) and its arguments.
    public static func parse(_ words: [String], in frontEnd: CommandSpec.FrontEnds = .repl) throws(CommandError) -> ParsedCommand {
        guard let first = words.first else { throw CommandError(.unknownCommand, "empty command") }
        let spec = try match(first, in: frontEnd)
        let arguments = Array(words.dropFirst())
        if arguments.contains("--help") || arguments.contains("-h") {
            return .help(spec.name)
        }
        switch spec.kind {
        case .library:
            return .task(try LibraryTaskParser.parse(arguments, for: spec))
        case .edit:
            return .edit(try LibraryEditParser.parse(arguments, for: spec))
        case .query:
            return .query(try LibraryQueryParser.parse(arguments, for: spec))
        case .session:
            if spec.name == CommandTable.help.name {
                try expect(arguments, atMost: 1, spec)
                if let topic = arguments.first { return .help(try CommandMatcher.match(topic).name) }
                return .help(nil)
            }
            try expect(arguments, atMost: 0, spec)
            return spec.name == CommandTable.repl.name ? .help(nil) : .quit
        case .player:
            return .player(try playerCommand(spec, arguments))
        }
    }

    /// The command `word` names among those `frontEnd` offers; a command of another front end is unavailable here.
    package static func match(_ word: String, in frontEnd: CommandSpec.FrontEnds) throws(CommandError) -> CommandSpec {
        do {
            return try CommandMatcher.match(word, in: CommandTable.available(in: frontEnd))
        } catch {
            guard let spec = CommandTable.spec(named: word.lowercased()) else { throw error }
            let place = frontEnd == .socket ? "over the control socket" : frontEnd == .repl ? "in the REPL" : "in the shell"
            throw CommandError(.unavailable, "'\(spec.name)' is not available \(place)")
        }
    }

    /// The player commands that take no argument.
    private static let withoutArguments: [String: PlayerCommand] = [
        CommandTable.pause.name: .pause, CommandTable.resume.name: .resume, CommandTable.toggle.name: .toggle,
        CommandTable.stop.name: .stop, CommandTable.next.name: .next, CommandTable.skip.name: .skip, CommandTable.back.name: .back,
    ]

    private static func playerCommand(_ spec: CommandSpec, _ words: [String]) throws(CommandError) -> PlayerCommand {
        if spec.name == CommandTable.play.name || spec.name == CommandTable.demo.name {
            var request = try PlayRequestParser.parse(words, for: spec)
            if spec.name == CommandTable.demo.name {
                try expect(request.targets, atMost: 0, spec)
                guard let demo = ResourceLocator.url(for: ResourceLocator.demoEpisode) else {
                    let looked = ResourceLocator.candidates().map(\.path).joined(separator: ", ")
                    throw CommandError(
                        .unreadable,
                        "the demo episode \(ResourceLocator.demoEpisode) is missing (looked in \(looked)); "
                            + "set PODLINE_RESOURCES to the Resources folder")
                }
                request.targets = [demo.path]
            }
            return .play(request)
        }
        let json = words.contains("--json") && spec.flag("--json") != nil
        let arguments = json ? words.filter { $0 != "--json" } : words
        if let option = arguments.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            throw .usage(spec, "unknown option '\(option)'")
        }
        if let command = Self.withoutArguments[spec.name] {
            try expect(arguments, atMost: 0, spec)
            return command
        }
        switch spec.name {
        case CommandTable.seek.name:
            try expect(arguments, exactly: 1, spec)
            return .seek(try ValueParser.time(arguments[0], for: spec))
        case CommandTable.chapter.name:
            try expect(arguments, exactly: 1, spec)
            switch arguments[0].lowercased() {
            case CommandTable.next.name, "n": return .chapter(.next)
            case "prev", "previous", "p": return .chapter(.previous)
            default:
                guard let number = Int(arguments[0]), number >= 1 else {
                    throw CommandError(
                        .invalidParameter, "chapter: '\(arguments[0])' is not next, prev or a chapter number (see 'podline help chapter')")
                }
                return .chapter(.number(number))
            }
        case CommandTable.volume.name:
            try expect(arguments, exactly: 1, spec)
            return .volume(try ValueParser.volume(arguments[0], for: spec))
        case CommandTable.speed.name:
            try expect(arguments, exactly: 1, spec)
            return .speed(try ValueParser.speed(arguments[0], for: spec))
        case CommandTable.queue.name:
            return .queue(try queueAction(spec, arguments), json: json)
        case CommandTable.sleep.name:
            try expect(arguments, exactly: 1, spec)
            return .sleep(try ValueParser.sleep(arguments[0], for: spec))
        case CommandTable.silence.name:
            try expect(arguments, exactly: 1, spec)
            return .silence(try ValueParser.onOff(arguments[0], for: spec))
        case CommandTable.normalize.name:
            try expect(arguments, exactly: 1, spec)
            return .normalize(try ValueParser.onOff(arguments[0], for: spec))
        case CommandTable.cue.name:
            try expect(arguments, atMost: 1, spec)
            return .cue(try arguments.first.map { word throws(CommandError) in try ValueParser.onOff(word, for: spec) })
        case CommandTable.status.name:
            try expect(arguments, atMost: 0, spec)
            return .status(json: json)
        case CommandTable.events.name:
            try expect(arguments, atMost: 0, spec)
            return .events(json: json)
        default:
            throw CommandError(.unknownCommand, "unknown command '\(spec.name)'")
        }
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
            try expect(rest, atMost: 0, spec)
            return .clear
        case "list":
            try expect(rest, atMost: 0, spec)
            return .list
        default:
            throw CommandError(.invalidParameter, "queue: unknown action '\(verb)' (use add, remove or clear)")
        }
    }

    private static func expect(_ arguments: [String], exactly count: Int, _ spec: CommandSpec) throws(CommandError) {
        guard arguments.count == count else {
            let problem = arguments.count < count ? "missing argument" : "unexpected argument '\(arguments[count])'"
            throw CommandError(.invalidParameter, "\(spec.name): \(problem) (usage: \(spec.synopsis))")
        }
    }

    private static func expect(_ arguments: [String], atMost count: Int, _ spec: CommandSpec) throws(CommandError) {
        guard arguments.count <= count else {
            throw CommandError(.invalidParameter, "\(spec.name): unexpected argument '\(arguments[count])' (usage: \(spec.synopsis))")
        }
    }
}
