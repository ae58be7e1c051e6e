import Foundation
import PodcastKit
import PodlineApp

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

    /// The candidates for `word`, the word being typed, when `before` is the text of the line in front of it: what the
    /// command table says the command's arguments and flags complete to, among the commands of `frontEnd`.
    func candidates(before: String, word: String, in frontEnd: CommandSpec.FrontEnds = .repl) -> Candidates {
        let earlier = (try? Tokenizer.words(before)) ?? before.split(separator: " ").map(String.init)
        let commands = CommandTable.available(in: frontEnd)
        guard let first = earlier.first else { return .words(CommandMatcher.completions(of: word, in: commands)) }
        guard let spec = try? CommandMatcher.match(first, in: commands) else { return .words([]) }
        if word.hasPrefix("-") {
            return .words(spec.flags.map { "--" + $0.name }.filter { $0.hasPrefix(word) })
        }
        let position = earlier.count  // 1 for the first argument
        switch spec.completion {
        case .none:
            return .words([])
        case .files:
            return .files
        case .feeds:
            if !word.isEmpty, "find/".hasPrefix(word) || word.hasPrefix("find/") {
                let results = findResults().filter { $0.hasPrefix(word) }
                if !results.isEmpty { return .words(results) }
            }
            return .files
        case .commands:
            return .words(CommandMatcher.completions(of: word, in: commands))
        case .shows:
            return .words(showSlugs().filter { $0.hasPrefix(word) })
        case .referencesThen(let words) where position >= 2:
            return .words(words.filter { $0.hasPrefix(word) })
        case .references, .referencesThen:
            return references(word) ?? .files
        case .words(let words):
            // `queue add` goes on with references; the table's words are the first argument's.
            if position >= 2 { return references(word) ?? .files }
            return .words(words.filter { $0.hasPrefix(word) })
        }
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

    /// `find/N` for each result of the last find that can be subscribed to.
    private func findResults() -> [String] {
        guard let store = openStore(), let count = try? store.findResultCount(), count > 0 else { return [] }
        return (1...count).compactMap { number in
            (try? store.findResult(number))??.feedURL == nil ? nil : "find/\(number)"
        }
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
