import Foundation
import PodcastKit

/// Answers library questions (`shows`, `episodes`, `stats`, `notes`, `search`, `show`, `export`) from the library's model,
/// for every front end alike: the same data for JSON, and text lines in the style of the place they are printed.
@MainActor
package struct LibraryReader {
    /// The library's store, opened when first asked.
    package let store: () throws(StoreError) -> LibraryStore
    /// Makes a change through the library's model, whose observers (a player's queue) hear of it.
    package let record: (LibraryChange) throws(StoreError) -> Void

    /// A reader of `editor`'s library, making the changes a question may make (a playlist's) through it.
    package init(editor: LibraryEditor) {
        store = { () throws(StoreError) in try editor.library().store }
        record = { change throws(StoreError) in try editor.record(change) }
    }

    /// The answer to `command`: its data, and its text lines unless it asked for JSON.
    package func answer(_ command: QueryCommand, style: ListStyle) throws(CommandError) -> CommandOutput {
        do {
            let store = try store()
            switch command.query {
            case .shows:
                let summaries = try store.showSummaries()
                return CommandOutput(
                    value: summaries.map(ShowEntry.init),
                    lines: command.json ? [] : ListOutput.lines(ShowListView(summaries: summaries, style: style)))
            case .episodes(let target, let filter):
                let listings = try Self.episodes(of: target, filter: filter, in: store)
                return Self.listing(listings, paths: store.paths, json: command.json, style: style)
            case .liveItems(let show):
                return try Self.liveItems(of: show, in: store, json: command.json)
            case .stats:
                return Self.stats(try store.stats())
            case .notes(let ref):
                let listing = try EpisodeLookup.require(ref, in: store)
                let show = try store.show(matching: listing.showSlug)
                return Self.notes(listing, show: show, paths: store.paths, json: command.json, style: style)
            case .show(let name, let change):
                let record = try findShow(name, in: store)
                if let change { return try change.apply(toShow: record.slug) }
                return try Self.show(record, json: command.json, style: style)
            case .export(let path, let withCredentials):
                var document = try OPMLImport.document(of: store)
                if withCredentials {
                    for index in document.entries.indices {
                        let url = document.entries[index].feedURL
                        if let origin = FeedCredential.origin(of: url), let credential = try store.credential(for: origin) {
                            document.entries[index].feedURL = FeedCredential.joined(url, credential)
                        }
                    }
                }
                let text = OPMLWriter.write(document)
                guard let path else {
                    return CommandOutput(data: .string(text), lines: text.split(separator: "\n").map(String.init))
                }
                if let reason = AtomicFile.write(Array(text.utf8), to: path) {
                    throw CommandError(.failed, "\(path): cannot write: \(reason)")
                }
                return CommandOutput(data: .object([("file", .string(path))]))
            case .playlist(let playlist):
                return try Self.answer(playlist, in: PlaylistEditing(store: store, record: record), json: command.json, style: style)
            case .plan(let budget, let sources, let name):
                return try Self.plan(budget: budget, from: sources, into: name, in: PlaylistEditing(store: store, record: record))
            case .planReport(let name):
                return try Self.planReport(name, in: store)
            case .history(let since, let show, let csv):
                return try Self.history(since: since, show: show, csv: csv, in: store)
            case .bookmarks(let ref):
                return try Self.bookmarks(of: ref, in: store)
            case .insertedStretches(let ref):
                return try Self.insertedStretches(of: ref, in: store)
            case .listeningSums(let grouping, let since):
                return Self.sums(try store.listeningSums(by: grouping, since: since), by: grouping)
            case .search(let text, let show, let limit, let heard):
                var showID: Int64?
                if let show { showID = try findShow(show, in: store).id }
                let hits = try store.search(text, showID: showID, limit: limit, heardOnly: heard)
                return CommandOutput(data: .array(hits.map(\.json)), lines: command.json ? [] : Self.lines(of: hits, style: style))
            }
        } catch let error as CommandError {
            throw error
        } catch let error as StoreError {
            throw CommandError(error)
        } catch {
            throw CommandError(.failed, "\(error)")
        }
    }

    /// The episodes `filter` lets through: of the show `target` names, else of the playlist it names, else of all.
    private static func episodes(of target: String?, filter: EpisodeFilter, in store: LibraryStore) throws -> [EpisodeListing] {
        guard let target else { return try store.episodes(try filter.query(in: store)) }
        let playlist: PlaylistRecord
        switch try findShowOrPlaylist(target, in: store) {
        case .show(let show):
            var filter = filter
            filter.shows = [show.slug]
            return try store.episodes(try filter.query(in: store))
        case .playlist(let named): playlist = named
        }
        var others = filter
        others.limit = nil
        if !playlist.isSmart, !others.isEmpty {
            throw CommandError(.invalidParameter, "episodes: \(playlist.name) is a named playlist: only --limit applies to it")
        }
        return try PlaylistContents.listings(playlist, in: store, narrower: filter)
    }

    /// The live items of `show` (else of every show) as `episodes --live` lists them, with the recordings of ended ones.
    private static func liveItems(of show: String?, in store: LibraryStore, json: Bool) throws -> CommandOutput {
        let showID = try show.map { try findShow($0, in: store).id }
        var entries: [LiveEntry] = []
        for live in try store.liveItems(showID: showID ?? nil) {
            for (index, item) in live.items.enumerated() {
                let recording = item.status == .ended ? try store.recording(of: item, showID: live.show.id ?? -1)?.ref : nil
                entries.append(
                    LiveEntry(
                        ref: live.reference(index + 1).description, show: live.show.slug, showTitle: live.show.title, item: item,
                        recording: recording))
            }
        }
        guard !json else { return CommandOutput(value: entries) }
        let now = Date()
        return CommandOutput(value: entries, lines: entries.isEmpty ? ["No live streams announced."] : entries.map { $0.line(now: now) })
    }

    /// Episodes as `episodes` lists them: a line each, or their entries as data.
    static func listing(_ listings: [EpisodeListing], paths: LibraryPaths, json: Bool, style: ListStyle) -> CommandOutput {
        let entries = listings.map { EpisodeEntry($0, paths: paths) }
        guard !json else { return CommandOutput(value: entries) }
        let refWidth = EpisodeListView.refWidth(listings)
        return CommandOutput(
            value: entries, lines: ListOutput.lines(listings) { EpisodeListView(listings: $0, refWidth: refWidth, style: style) })
    }

    /// Three lines a hit: where, the text with the match in bold where colour is allowed, and the command that plays it
    /// there.
    private static func lines(of hits: [SearchHit], style: ListStyle) -> [String] {
        guard !hits.isEmpty else { return ["No matches."] }
        return hits.flatMap { hit in
            let title = TerminalText.safe(hit.listing.episode.title ?? hit.listing.ref)
            let show = TerminalText.safe(hit.listing.showTitle ?? hit.listing.showSlug)
            let time = hit.time.map { " [\(CueLine.clock($0))]" } ?? ""
            return [
                "\(show) — \(title)\(time) (\(hit.kind.rawValue))", "    " + hit.marked(bold: style.color),
                "    podline play \(hit.listing.ref)" + (hit.time.map { " --start \(CueLine.clock($0))" } ?? ""),
            ]
        }
    }

    /// A show's details, its settings in force and where each comes from, and its description.
    private static func show(_ record: ShowRecord, json: Bool, style: ListStyle) throws(CommandError) -> CommandOutput {
        let config: ConfigFile
        do {
            config = try Configuration.file()
        } catch {
            throw CommandError(.configuration, error.description)
        }
        let settings = ShowSettingsListing(config: config, show: record.slug)
        let description = ShowNotes.forOutput(record.description, json: json, style: style)
        let extras = FeedExtrasText(show: record)
        let data = JSONValue.object(
            [
                ("slug", .string(record.slug)), ("title", .string(record.title)), ("author", .string(record.author)),
                ("link", .string(record.link)), ("feed_url", .string(record.feedURL)),
                ("episodes", .int(record.episodeCount)), ("unplayed", .int(record.unplayedCount)),
                ("downloaded", .int(record.downloadedCount)), ("last_update", .string(record.lastUpdate.map(ISO8601.string))),
                ("last_error", .string(record.lastError)), ("description", .string(record.description)),
                ("notes", .string(description.text)), ("settings", settings.json),
            ] + extras.showJSON)
        var lines = ["\(TerminalText.safe(record.displayTitle)) (\(record.slug))"]
        if let author = record.author { lines.append("Author: \(TerminalText.safe(author))") }
        if let link = record.link { lines.append("Link: \(TerminalText.safe(link))") }
        lines.append("Feed: \(TerminalText.safe(record.feedURL))")
        lines.append("Episodes: \(record.episodeCount), \(record.unplayedCount) unplayed, \(record.downloadedCount) downloaded")
        lines.append("Last update: \(record.lastUpdate.map(ISO8601.string) ?? "never")" + (record.lastError.map { " (\($0))" } ?? ""))
        lines += extras.showLines
        lines.append("Settings (podline show \(record.slug) set KEY VALUE):")
        lines += settings.lines
        if !description.lines.isEmpty { lines += [""] + description.lines }
        return CommandOutput(data: data, lines: lines)
    }

    private static func stats(_ stats: LibraryStats) -> CommandOutput {
        CommandOutput(
            value: LibraryStatsResult(stats),
            lines: [
                "Shows: \(stats.shows)",
                "Episodes: \(stats.episodes), \(stats.played) played, \(stats.inProgress) in progress, \(stats.downloaded) downloaded",
                "Listened: \(TerminalOutput.duration(stats.listenedSeconds.rounded()))",
                "Saved by skipping silence: \(TerminalOutput.duration(stats.timeSaved.rounded()))",
            ])
    }

    /// An episode's details and its notes: plain text at 80 columns for JSON and off a terminal, else at the
    /// terminal's width with emphasis in bold where colour is allowed.
    private static func notes(
        _ listing: EpisodeListing, show: ShowRecord?, paths: LibraryPaths, json: Bool, style: ListStyle
    ) -> CommandOutput {
        let episode = listing.episode
        let notes = ShowNotes.forOutput(episode.description, json: json, style: style)
        let extras = FeedExtrasText(episode: episode, show: show, ref: listing.ref)
        let file = episode.downloadPath.map { paths.file(forDownload: $0).path }
        let data = JSONValue.object(
            [
                ("ref", .string(listing.ref)), ("show", .string(listing.showSlug)), ("show_title", .string(listing.showTitle)),
                ("title", .string(episode.title)), ("published", .string(episode.published.map(ISO8601.string))),
                ("duration", .number(episode.duration)), ("size", .int(episode.enclosureLength)), ("file", .string(file)),
                ("position", .number(episode.position)), ("played", .bool(episode.isPlayed)),
                ("description", .string(episode.description)), ("notes", .string(notes.text)),
                ("links", .array(notes.links.map { .string($0) })),
            ] + extras.episodeJSON)
        var lines = ["\(TerminalText.safe(episode.title ?? listing.ref)) (\(listing.ref))"]
        lines.append("Show: \(TerminalText.safe(listing.showTitle ?? listing.showSlug))")
        var facts: [String] = []
        if let published = episode.published { facts.append("Published: \(ISO8601.string(published).prefix(10))") }
        if let duration = episode.duration { facts.append("Duration: \(TerminalOutput.duration(duration))") }
        if let size = episode.enclosureLength { facts.append(String(format: "Size: %.1f MB", Double(size) / 1_000_000)) }
        if !facts.isEmpty { lines.append(facts.joined(separator: "   ")) }
        lines.append("File: \(file ?? "not downloaded")")
        if episode.isPlayed {
            lines.append("Played")
        } else if episode.position > 0 {
            lines.append("In progress: \(TerminalOutput.duration(episode.position))")
        } else {
            lines.append("New")
        }
        lines += extras.episodeLines
        if !notes.lines.isEmpty { lines += [""] + notes.lines }
        return CommandOutput(data: data, lines: lines)
    }
}
