import Foundation
import PodcastKit

extension LibraryTaskRunner {
    /// `find WORDS…` or `find --trending`: shows from the directories, numbered, kept in the library for `add find/N`;
    /// the shows already subscribed to marked.
    package func find(
        _ terms: String?, limit: Int, directory: DirectorySettings.Source?, language: String?, category: String?
    ) async throws -> Int32 {
        let settings = Configuration.settings.directory
        let source = terms == nil ? .podcastindex : directory ?? settings.standard
        let results = try await DirectorySearch.results(
            terms, limit: limit, from: source, settings: settings, language: language, category: category)
        let store = try self.store
        try store.keepFindResults(results)
        let subscribed = Set(try store.shows().map { SyncURL.comparable($0.feedURL) })
        let marks = results.map { $0.feedURL.map { subscribed.contains(SyncURL.comparable($0)) } ?? false }
        output.value(zip(results, marks).enumerated().map { FindEntry($0.element.0, number: $0.offset + 1, subscribed: $0.element.1) })
        let columns = output.printing && isatty(1) == 1 ? TerminalSize.columns(of: 1) : Int.max
        if results.isEmpty { output.line("No shows found.") }
        for (index, (result, subscribed)) in zip(results, marks).enumerated() {
            Self.lines(result, number: index + 1, subscribed: subscribed, columns: columns).forEach(output.line)
        }
        return 0
    }

    /// A result as three lines cut to `columns` (wide characters counted as two): the number, title and a mark; what
    /// it is; where its feed is, or why it has none.
    package nonisolated static func lines(_ result: DirectoryResult, number: Int, subscribed: Bool, columns: Int) -> [String] {
        let label = String(number).count < 3 ? String(repeating: " ", count: 3 - String(number).count) + String(number) : String(number)
        let mark = subscribed ? "  [subscribed]" : result.feedURL == nil ? "  [not subscribable]" : ""
        let room = columns == .max ? Int.max : max(8, columns - 5 - TerminalText.width(mark))
        var about: [String] = []
        if let author = result.author { about.append(TerminalText.safe(author)) }
        if let episodes = result.episodes { about.append("\(episodes) episode\(episodes == 1 ? "" : "s")") }
        if let newest = result.newest { about.append("newest \(TerminalOutput.day(newest))") }
        if let language = result.language { about.append(language) }
        if !result.genres.isEmpty { about.append(result.genres.joined(separator: ", ")) }
        let clip = { (text: String, width: Int) in width == .max ? text : TerminalText.clip(text, columns: width) }
        return [
            "\(label)  \(clip(TerminalText.safe(result.title), room))\(mark)",
            "     \(clip(about.joined(separator: " · "), columns == .max ? .max : columns - 5))",
            "     \(clip(result.feedURL ?? "(\(result.reason ?? "no feed URL"))", columns == .max ? .max : columns - 5))",
        ]
    }
}

/// Asks the directories: the one named, or both with their results merged by feed URL.
@MainActor
package enum DirectorySearch {
    package static func results(
        _ terms: String?, limit: Int, from source: DirectorySettings.Source, settings: DirectorySettings, language: String?,
        category: String?
    ) async throws(CommandError) -> [DirectoryResult] {
        let secret = source == .itunes ? "" : try podcastIndexSecret(settings)
        return try await asking { http in
            let itunes = ITunesDirectory(settings: settings, http: http)
            let index = PodcastIndexDirectory(settings: settings, secret: secret, http: http)
            guard let terms else { return try await index.trending(limit: limit, language: language, category: category) }
            switch source {
            case .itunes: return try await itunes.search(terms, limit: limit)
            case .podcastindex: return try await index.search(terms, limit: limit)
            case .all:
                async let apple = itunes.search(terms, limit: limit)
                async let open = index.search(terms, limit: limit)
                return Array(DirectoryResult.merged([try await apple, try await open]).prefix(limit))
            }
        }
    }

    /// Runs `body` with a fetcher on a directory's time limits; a directory's failure is the command's.
    private static func asking<T: Sendable>(_ body: (HTTPFetcher) async throws -> T) async throws(CommandError) -> T {
        do {
            return try await HTTPFetcher.with(timeouts: .directory) { http in try await body(http!) }
        } catch let error as DirectoryError {
            throw CommandError(directory: error)
        } catch {
            throw CommandError(.failed, "\(error)")
        }
    }

    /// The feed an Apple Podcasts or Podcast Index page's address stands for, or nil when `text` is neither.
    package static func feed(ofPage text: String) async throws(CommandError) -> String? {
        let settings = Configuration.settings.directory
        let apple = ITunesDirectory.storeID(inPageURL: text)
        let index = PodcastIndexDirectory.feedID(inPageURL: text)
        guard apple != nil || index != nil else { return nil }
        let secret = index == nil ? "" : try podcastIndexSecret(settings)
        let found = try await asking { http in
            if let apple { return try await ITunesDirectory(settings: settings, http: http).lookup(id: apple) }
            return try await PodcastIndexDirectory(settings: settings, secret: secret, http: http).feed(id: index ?? 0)
        }
        guard let found else { throw CommandError(.unreadable, "\(text): the directory knows no such show") }
        return try subscribable(text, title: found.title, feedURL: found.feedURL, reason: found.reason)
    }

    /// The feed of the show whose `podcast:guid` is `guid`, by Podcast Index; `text` is what named it.
    package static func feed(guid: String, named text: String) async throws(CommandError) -> String {
        let settings = Configuration.settings.directory
        let secret = try podcastIndexSecret(settings)
        let found = try await asking { http in
            try await PodcastIndexDirectory(settings: settings, secret: secret, http: http).feed(guid: guid)
        }
        guard let found else { throw CommandError(.unreadable, "\(text): Podcast Index knows no show with the podcast:guid \(guid)") }
        return try subscribable(text, title: found.title, feedURL: found.feedURL, reason: found.reason)
    }

    /// The feed URL of a directory's show that `text` named, or why it cannot be subscribed to.
    package nonisolated static func subscribable(_ text: String, title: String, feedURL: String?, reason: String?) throws(CommandError)
        -> String
    {
        guard let feedURL else {
            throw CommandError(.unreadable, "\(text): \(title) cannot be subscribed to: \(reason ?? "no feed URL")")
        }
        return feedURL
    }

    /// The Podcast Index secret: `PODLINE_PODCASTINDEX_SECRET`, else the first line of `podcastindex_secret_command`.
    private static func podcastIndexSecret(_ settings: DirectorySettings) throws(CommandError) -> String {
        guard settings.podcastIndexKey != nil else {
            throw CommandError(.configuration, "Podcast Index needs a key: set podcastindex_key in [directory] (see 'podline help find')")
        }
        return try SecretCommand.secret(
            variable: "PODLINE_PODCASTINDEX_SECRET", command: settings.podcastIndexSecretCommand, what: "Podcast Index secret")
    }
}

/// `find/N`: a result of the last find.
package enum FindReference {
    /// N in `find/N` (digits only, 0 included: it is a find result that is not there, not a file); nil for any other
    /// text.
    package static func number(_ text: String) -> Int? {
        let digits = text.dropFirst(5)
        guard text.hasPrefix("find/"), !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits) ?? Int.max
    }

    /// The feed URL of `find/N` in the library at `store`.
    package static func feed(_ text: String, number: Int, in store: LibraryStore) throws -> String {
        guard let result = number > 0 ? try store.findResult(number) : nil else {
            let count = try store.findResultCount()
            let label = text.dropFirst(5)
            throw CommandError(
                .unreadable,
                count == 0
                    ? "no find result \(label): run podline find first"
                    : "no find result \(label): the last find had \(count) result\(count == 1 ? "" : "s")\(number == 0 ? ", numbered from 1" : "")"
            )
        }
        return try DirectorySearch.subscribable(text, title: result.title, feedURL: result.feedURL, reason: result.reason)
    }
}

extension CommandError {
    /// A directory's failure with its documented exit status.
    package init(directory error: DirectoryError) {
        switch error {
        case .unreachable(let reason): self.init(.unreachable, reason)
        case .refused(let reason): self.init(.refused, reason)
        case .answer(let reason): self.init(.unreachable, reason)
        }
    }
}
