import Foundation
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
        guard words.targets.count <= 1 else { throw .usage(spec, "name one show or playlist at most") }
        if words.has("live") {
            guard try EpisodeFilter(words, spec: spec).isEmpty else { throw .usage(spec, "--live takes a show and --json only") }
            return .liveItems(show: words.targets.first)
        }
        return .episodes(target: words.targets.first, filter: try EpisodeFilter(words, spec: spec))
    }

    /// `playlist [list|show NAME|add NAME [REF…]|edit NAME|remove NAME [REF…]]` with the filters of `episodes`.
    package static let playlist = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        let typed = words.targets.first ?? PlaylistCommand.Action.list.rawValue
        let rest = Array(words.targets.dropFirst())
        let filter = try EpisodeFilter(words, spec: spec)
        let atHead = words.has("head")
        guard let verb = PlaylistCommand.Action(rawValue: typed) else {
            let actions = PlaylistCommand.Action.allCases.map(\.rawValue)
            let guess = EditDistance.suggestion(for: typed, among: actions).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage(spec, "unknown action '\(typed)'\(guess)")
        }
        if verb == .list {
            guard rest.isEmpty, filter.isEmpty, !atHead else { throw .usage(spec, "list takes no arguments") }
            return .playlist(.list)
        }
        guard let name = rest.first else { throw .usage(spec, "\(verb): name a playlist") }
        if let problem = PlaylistCommand.problem(withName: name) { throw .usage(spec, problem) }
        let refs = Array(rest.dropFirst())
        switch verb {
        case .show:
            guard refs.isEmpty, filter.isEmpty, !atHead else { throw .usage(spec, "show takes a playlist's name only") }
            return .playlist(.show(name))
        case .add:
            guard refs.isEmpty || filter.isEmpty else {
                throw .usage(spec, "add: give episodes (a named playlist) or filters (a smart one), not both")
            }
            guard !atHead || !refs.isEmpty else { throw .usage(spec, "add: --head goes with episodes to add") }
            return .playlist(.add(name, refs: refs, filter: filter, atHead: atHead))
        case .edit:
            guard refs.isEmpty, !filter.isEmpty, !atHead else { throw .usage(spec, "edit: give the smart playlist's new filters") }
            return .playlist(.edit(name, filter: filter))
        case .list, .remove:
            guard filter.isEmpty, !atHead else { throw .usage(spec, "remove takes a playlist's name and episodes only") }
            return .playlist(.remove(name, refs: refs))
        }
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
        return .search(text: words.targets.joined(separator: " "), show: words.value("show"), limit: limit, heard: words.has("heard"))
    }

    /// The playlist `plan` fills unless told another: named after the command.
    package static var planPlaylist: String { CommandTable.plan.name }

    /// `plan TIME [<show|playlist>…] [--into NAME]`, `plan --report [--into NAME]`.
    package static let plan = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        if words.has("report") {
            guard words.targets.isEmpty else { throw .usage(spec, "--report takes no time or shows (--into names the playlist)") }
            return .planReport(words.value("into") ?? planPlaylist)
        }
        guard let typed = words.targets.first else { throw .usage(spec, "give the time to fill, such as 45m") }
        guard let budget = TimeSpec.seconds(typed), budget > 0, budget <= 7 * 86_400 else {
            throw .usage(spec, "expected a time to fill such as 45m or 1:30:00, not '\(typed)'")
        }
        let name = words.value("into") ?? planPlaylist
        if let problem = PlaylistCommand.problem(withName: name) { throw .usage(spec, problem) }
        return .plan(budget: budget, from: Array(words.targets.dropFirst()), into: name)
    }

    /// `bookmarks [<ref>]`.
    package static let bookmarks = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        try CommandParser.expect(words.targets, atMost: 1, spec)
        return .bookmarks(words.targets.first)
    }

    /// `inspect-ads <ref>`.
    package static let insertedStretches = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        try CommandParser.expect(words.targets, atMost: 1, spec)
        guard let ref = words.targets.first else { throw .usage(spec, "name the episode, such as show/3") }
        return .insertedStretches(ref)
    }

    /// `history [--since DATE] [--show SHOW] [--csv]`.
    package static let history = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        try CommandParser.expect(words.targets, atMost: 0, spec)
        if words.has("csv"), words.has("json") { throw .usage(spec, "--csv or --json, not both") }
        return .history(since: try since(words, spec), show: words.value("show"), csv: words.has("csv"))
    }

    /// What `--since` says: a date YYYY-MM-DD (UTC midnight) or an age back from now; nil when not given.
    private static func since(_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> Date? {
        guard let text = words.value("since") else { return nil }
        if let age = TimeSpec.age(text) { return Date().addingTimeInterval(-age) }
        if let date = LibraryEditParser.date(text) { return date }
        throw .usage(spec, "--since takes a date YYYY-MM-DD or an age such as 7d, not '\(text)'")
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

    /// `stats [--by show|day|week|month] [--since DATE]`.
    package static let stats = query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
        try CommandParser.expect(words.targets, atMost: 0, spec)
        let since = try since(words, spec)
        guard let by = words.value("by") else { return since == nil ? .stats : .listeningSums(by: nil, since: since) }
        guard let grouping = ListeningGrouping(rawValue: by) else {
            throw .usage(spec, "--by takes \(ListeningGrouping.allCases.map(\.rawValue).joined(separator: ", ")), not '\(by)'")
        }
        return .listeningSums(by: grouping, since: since)
    }

    /// A question that takes no arguments.
    private static func bare(_ question: LibraryQuery) -> CommandSpec.Parse {
        query { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryQuery in
            guard words.targets.isEmpty else { throw .usage(spec, "takes no arguments") }
            return question
        }
    }
}
