import PodcastKit

/// Turns the words of a command line into a checked `ParsedCommand`: the one grammar of the shell, the REPL and
/// the control socket. Each command's own words are read by its table entry (`CommandSpec.parse`).
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
        return try spec.parse(arguments, spec)
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

    /// Fails unless `arguments` holds exactly `count` words.
    package static func expect(_ arguments: [String], exactly count: Int, _ spec: CommandSpec) throws(CommandError) {
        guard arguments.count == count else {
            let problem = arguments.count < count ? "missing argument" : "unexpected argument '\(arguments[count])'"
            throw CommandError(.invalidParameter, "\(spec.name): \(problem) (usage: \(spec.synopsis))")
        }
    }

    /// Fails when `arguments` holds more than `count` words.
    package static func expect(_ arguments: [String], atMost count: Int, _ spec: CommandSpec) throws(CommandError) {
        guard arguments.count <= count else {
            throw CommandError(.invalidParameter, "\(spec.name): unexpected argument '\(arguments[count])' (usage: \(spec.synopsis))")
        }
    }
}
