import PodcastKit

/// Reads the words after `shows`, `episodes`, `stats`, `notes`, `search`, `show` and `export` into a question, with
/// the flags of the command table: one parse a command, which its table entry holds.
package enum LibraryQueryParser {
    /// The hits `search` gives without `--limit`.
    package static let searchLimit = 20

    /// A question's parse: its flags read with the table entry's, then `body` says the question.
    private static func query(
        _ body: @escaping @Sendable (_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> LibraryQuery
    ) -> CommandSpec.Parse {
        { (arguments: [String], spec: CommandSpec) throws(CommandError) -> ParsedCommand in
            let words = try FlagWords(arguments, for: spec)
            return .query(QueryCommand(query: try body(words, spec), json: words.has("json")))
        }
    }

    /// `episodes [<show>]` with its filters.
    package static let episodes = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        guard words.targets.count <= 1 else { throw .usage(spec, "name one show at most") }
        var limit: Int?
        if let text = words.value("limit") {
            guard let value = Int(text), value >= 0 else { throw .usage(spec, "--limit takes a whole number of 0 or more") }
            limit = value
        }
        let states = EpisodeQuery.State.allCases.filter { words.has(flag(for: $0)) }
        return .episodes(show: words.targets.first, states: states, search: words.value("search"), limit: limit)
    }

    /// `search <text>…`.
    package static let search = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        guard words.targets.contains(where: { $0.contains { $0.isLetter || $0.isNumber } }) else {
            throw .usage(spec, "give a word to search for")
        }
        var limit = searchLimit
        if let text = words.value("limit") {
            guard let value = Int(text), value >= 1 else { throw .usage(spec, "--limit takes a whole number of 1 or more") }
            limit = value
        }
        return .search(text: words.targets.joined(separator: " "), show: words.value("show"), limit: limit)
    }

    /// `show <show> [set KEY VALUE|unset KEY]`.
    package static let show = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        guard let show = words.targets.first else { throw .usage(spec, "name a show") }
        let change = words.targets.count > 1 ? try ShowSettingChange(words: Array(words.targets.dropFirst())) : nil
        return .show(show, change: change)
    }

    /// `export [PATH]`.
    package static let export = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        guard words.targets.count <= 1 else { throw .usage(spec, "give one file at most") }
        let path = words.targets.first.flatMap { $0 == "-" ? nil : $0 }
        return .export(path: path, withCredentials: words.has("with-credentials"))
    }

    /// `notes <ref>`.
    package static let notes = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        guard words.targets.count == 1 else { throw .usage(spec, words.targets.isEmpty ? "name one episode" : "name one episode only") }
        return .notes(ref: words.targets[0])
    }

    /// `shows`.
    package static let shows = bare(.shows)

    /// `stats`.
    package static let stats = bare(.stats)

    /// A question that takes no arguments.
    private static func bare(_ question: LibraryQuery) -> CommandSpec.Parse {
        query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
            guard words.targets.isEmpty else { throw .usage(spec, "takes no arguments") }
            return question
        }
    }

    /// The flag of `episodes` that asks for episodes in `state`.
    package static func flag(for state: EpisodeQuery.State) -> String {
        state == .favorite ? "favorites" : state.rawValue
    }
}
