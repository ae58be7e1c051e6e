import PodcastKit

/// Reads the words after `shows`, `episodes`, `stats`, `notes`, `search`, `show` and `export` into a `QueryCommand`,
/// with the flags of the command table.
package enum LibraryQueryParser {
    /// The hits `search` gives without `--limit`.
    package static let searchLimit = 20

    package static func parse(_ arguments: [String], for spec: CommandSpec) throws(CommandError) -> QueryCommand {
        let words = try FlagWords(arguments, for: spec)
        let json = words.has("json")
        switch spec.name {
        case CommandTable.episodes.name:
            guard words.targets.count <= 1 else { throw .usage(spec, "name one show at most") }
            var limit: Int?
            if let text = words.value("limit") {
                guard let value = Int(text), value >= 0 else { throw .usage(spec, "--limit takes a whole number of 0 or more") }
                limit = value
            }
            let states = EpisodeQuery.State.allCases.filter { words.has(flag(for: $0)) }
            return QueryCommand(
                query: .episodes(show: words.targets.first, states: states, search: words.value("search"), limit: limit),
                json: json)
        case CommandTable.search.name:
            guard words.targets.contains(where: { $0.contains { $0.isLetter || $0.isNumber } }) else {
                throw .usage(spec, "give a word to search for")
            }
            var limit = searchLimit
            if let text = words.value("limit") {
                guard let value = Int(text), value >= 1 else { throw .usage(spec, "--limit takes a whole number of 1 or more") }
                limit = value
            }
            return QueryCommand(
                query: .search(text: words.targets.joined(separator: " "), show: words.value("show"), limit: limit), json: json)
        case CommandTable.show.name:
            guard let show = words.targets.first else { throw .usage(spec, "name a show") }
            let change = words.targets.count > 1 ? try ShowSettingChange(words: Array(words.targets.dropFirst())) : nil
            return QueryCommand(query: .show(show, change: change), json: json)
        case CommandTable.export.name:
            guard words.targets.count <= 1 else { throw .usage(spec, "give one file at most") }
            let path = words.targets.first.flatMap { $0 == "-" ? nil : $0 }
            return QueryCommand(query: .export(path: path, withCredentials: words.has("with-credentials")), json: json)
        case CommandTable.notes.name:
            guard words.targets.count == 1 else { throw .usage(spec, words.targets.isEmpty ? "name one episode" : "name one episode only") }
            return QueryCommand(query: .notes(ref: words.targets[0]), json: json)
        default:
            guard words.targets.isEmpty else { throw .usage(spec, "takes no arguments") }
            return QueryCommand(query: spec.name == CommandTable.stats.name ? .stats : .shows, json: json)
        }
    }

    /// The flag of `episodes` that asks for episodes in `state`.
    package static func flag(for state: EpisodeQuery.State) -> String {
        state == .favorite ? "favorites" : state.rawValue
    }
}
