import Foundation
import PodcastKit

/// Tab completion for the REPL: command names, show slugs, episode references and file paths.
struct Completer: Sendable {
    /// Where the library lives.
    var paths: LibraryPaths

    /// What to complete.
    enum Candidates: Equatable {
        /// These words.
        case words([String])
        /// File paths (the line editor completes them itself).
        case files
    }

    /// The candidates for `word`, the word being typed, when `before` is the text of the line in front of it.
    func candidates(before: String, word: String) -> Candidates {
        let earlier = (try? Tokenizer.words(before)) ?? before.split(separator: " ").map(String.init)
        guard let first = earlier.first else { return .words(CommandMatcher.completions(of: word)) }
        let command = (try? CommandMatcher.match(first).name) ?? first
        switch command {
        case "play", "download", "mark", "fav":
            if earlier.count >= 2, command == "mark" { return .words(["played", "unplayed"].filter { $0.hasPrefix(word) }) }
            return references(word) ?? .files
        case "queue":
            if earlier.count == 1 { return .words(["add", "clear", "remove"].filter { $0.hasPrefix(word) }) }
            return references(word) ?? .files
        case "episodes", "update":
            if word.hasPrefix("-") { return .words(flags(command).filter { $0.hasPrefix(word) }) }
            return .words(showSlugs().filter { $0.hasPrefix(word) })
        case "sleep":
            return .words(["end", "off"].filter { $0.hasPrefix(word) })
        case "help":
            return .words(CommandMatcher.completions(of: word))
        case "status", "events", "shows", "inspect", "config":
            if word.hasPrefix("-") { return .words(["--json"].filter { $0.hasPrefix(word) }) }
            return command == "inspect" ? .files : .words([])
        default:
            return .files
        }
    }

    private func flags(_ command: String) -> [String] {
        command == "update" ? ["--jobs"] : ["--new", "--in-progress", "--downloaded", "--search", "--limit", "--json"]
    }

    /// Show slugs, or `slug/N` references once a slash is typed; nil when the word looks like a path.
    private func references(_ word: String) -> Candidates? {
        if word.hasPrefix("/") || word.hasPrefix(".") || word.hasPrefix("~") { return nil }
        guard let slash = word.firstIndex(of: "/") else {
            let slugs = showSlugs().filter { $0.hasPrefix(word) }.map { $0 + "/" }
            return slugs.isEmpty ? nil : .words(slugs)
        }
        let slug = String(word[..<slash])
        guard let store = openStore(), let show = try? store.show(matching: slug), let id = show.id,
            let listings = try? store.episodes(EpisodeQuery(showID: id, limit: 500))
        else { return nil }
        let refs = listings.map(\.ref).filter { $0.hasPrefix(word) }
        return refs.isEmpty ? nil : .words(refs)
    }

    private func showSlugs() -> [String] {
        guard let store = openStore(), let shows = try? store.shows() else { return [] }
        return shows.map(\.slug).sorted()
    }

    private func openStore() -> LibraryStore? {
        guard FileManager.default.fileExists(atPath: paths.database.path) else { return nil }
        return try? LibraryStore(paths: paths)
    }
}
