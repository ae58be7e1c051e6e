import Foundation
import Logging
import PodcastKit

extension LibraryTaskRunner {
    /// `update [SHOW…]`: refreshes feeds `jobs` at a time and says what changed, then downloads what the download rules
    /// ask for and deletes what the retention rules no longer keep. Status 2 when a feed could not be read (the others
    /// are updated all the same).
    package func update(_ names: [String], jobs: Int?, sizeCap: Int, notify: Bool = false) async throws -> Int32 {
        let store = try self.store
        let started = Date()
        var selected: [ShowRecord] = []
        for name in names {
            guard let show = try store.show(matching: name) else { throw StoreError.notFound("\(name): no such show") }
            selected.append(show)
        }
        if names.isEmpty { selected = try store.shows() }
        let jobCount = jobs ?? Configuration.settings.updateJobs
        let bars = output.drawsBars && !output.json ? ProgressDisplay.onTerminal() : nil
        bars?.expectFeeds(selected.count)
        let reporter = ActivityReporter(display: bars?.sink)
        let log = Logger(label: "podline.http")
        log.debug("refreshing \(selected.count) feed\(selected.count == 1 ? "" : "s"), \(jobCount) at a time")
        let needsHTTP = selected.contains { FeedSource($0.feedURL).isRemote }
        let results: [FeedUpdateResult]
        do {
            results = try await HTTPFetcher.with(needed: needsHTTP, decompressionLimit: sizeCap) { [selected] http in
                await FeedUpdater(store: store, loader: FeedLoader(http: http, sizeCap: sizeCap)).update(selected, jobs: jobCount) {
                    result in
                    reporter.feed(result)
                    log.debug("\(Self.request(result.show.feedURL)) \(result.show.feedURL): \(Self.status(result.outcome))")
                }
            }
        } catch {
            bars?.clear()
            throw error
        }
        bars?.clear()
        report(results)
        // The library could not keep a feed (a full disk): said once, for the feeds read and those never started,
        // and nothing more is tried.
        if let failure = results.lazy.compactMap(\.libraryFailure).first {
            let kept = results.filter { !$0.failed }.count
            throw StoreError.database("\(failure.description); \(kept) of \(selected.count) feeds updated, the others left as they were")
        }
        // Cancelled: neither downloads nor a sync start.
        guard !Task.isCancelled else { return ExitStatus.unreadable }
        let downloadFailures = try await autoDownload(results, store: store)
        try autoAdd(results, since: started, store: store)
        try applyRetention(keep: nil, store: store, display: DownloadDisplay(bars: nil, output: output))
        if notify, Configuration.settings.notify { try await notifyNew(since: started, store: store) }
        await SyncStart.automatically(editor: editor)
        return results.contains(where: \.failed) || downloadFailures > 0 ? ExitStatus.unreadable : 0
    }

    /// With `auto_download = N` in config.toml (or in a show's own settings), downloads the N newest new episodes of
    /// each show refreshed that its download rule lets through; returns how many downloads failed.
    private func autoDownload(_ results: [FeedUpdateResult], store: LibraryStore) async throws -> Int {
        let settings = Configuration.settings
        var listings: [EpisodeListing] = []
        var matchers = Matchers()
        for result in results where !result.failed {
            let rule = settings.downloadRule(forShow: result.show.slug)
            guard rule.count > 0, let id = result.show.id else { continue }
            listings += try store.newEpisodes(showIDs: [id], limitPerShow: rule.count, matching: matchers.matcher(of: rule))
        }
        return listings.isEmpty ? 0 : await DownloadRun(editor: editor, output: output).download(listings, store: store)
    }

    /// With `auto_add = NAME` (general or a show's), adds the episodes of each show refreshed first seen since `date`
    /// that its download filters match to the named playlist NAME (made if need be), oldest first, at its tail or head.
    private func autoAdd(_ results: [FeedUpdateResult], since date: Date, store: LibraryStore) throws {
        let settings = Configuration.settings
        var matchers = Matchers()
        for result in results where !result.failed {
            guard let (name, atHead) = settings.autoAdd(forShow: result.show.slug), let showID = result.show.id else { continue }
            var query = EpisodeQuery(showID: showID)
            query.seenSince = date
            query.sort = .oldest
            let matches = matchers.matcher(of: settings.downloadRule(forShow: result.show.slug))
            let found = try store.episodes(query).filter { matches($0.episode.title, $0.episode.duration) }
            guard !found.isEmpty else { continue }
            let editing = PlaylistEditing(store: store) { change throws(StoreError) in try editor.record(change) }
            let playlist: PlaylistRecord
            do {
                playlist = try editing.named(name, for: "\(result.show.slug): auto_add")
            } catch let error as CommandError {
                output.problem(error.message)
                continue
            }
            let added = try editing.add(found.compactMap(\.episode.id), to: playlist, atHead: atHead)
            let place = atHead ? "head" : "tail"
            output.value(
                .object([
                    ("playlist", .string(playlist.name)), ("at", .string(place)), ("added", .array(found.map { .string($0.ref) })),
                ]))
            output.line("\(result.show.slug): \(added) new episode\(added == 1 ? "" : "s") added to \(playlist.name) (at its \(place))")
        }
    }

    /// Tells the desktop of the episodes first seen since `date`, newest first: "3 new episodes", and a line each
    /// (at most five).
    private func notifyNew(since date: Date, store: LibraryStore) async throws {
        var query = EpisodeQuery()
        query.seenSince = date
        let found = try store.episodes(query)
        guard !found.isEmpty else { return }
        let shown = 5
        var lines = found.prefix(shown).map { listing in
            "\(listing.showTitle ?? listing.showSlug) — \(listing.episode.title ?? listing.ref)"
        }
        if found.count > shown { lines.append("and \(found.count - shown) more") }
        await notifier.send("\(found.count) new episode\(found.count == 1 ? "" : "s")", lines.joined(separator: "\n"))
    }

    private func report(_ results: [FeedUpdateResult]) {
        // With --json each show's object says it; a reply still says what failed in its message.
        let saysProblems = !(output.printing && output.json)
        var newTotal = 0
        for result in results {
            let name = result.show.slug
            output.value(FeedUpdateEntry(result))
            switch result.outcome {
            case .updated(let count, let moved):
                newTotal += count
                if count > 0 { output.line("\(name): \(count) new episode\(count == 1 ? "" : "s")") }
                if moved { output.line("\(name): feed moved to \(result.show.feedURL)") }
                if saysProblems { warn(result.warnings, feed: "\(name): \(result.show.feedURL)") }
            case .notModified:
                break
            case .failed(let reason):
                // A library that cannot keep the feed is said once, for all of them.
                if saysProblems, result.libraryFailure == nil { output.problem("\(name): \(result.show.feedURL): \(reason)") }
            }
        }
        let failed = results.filter(\.failed).count
        guard !results.contains(where: { $0.libraryFailure != nil }) else { return }
        output.line(
            "Updated \(results.count - failed) of \(results.count) feeds: \(newTotal) new episode\(newTotal == 1 ? "" : "s")\(failed > 0 ? ", \(failed) failed" : "")."
        )
    }

    /// `GET` for a feed fetched over HTTP, `read` for a local file.
    private nonisolated static func request(_ url: String) -> String {
        FeedSource(url).isRemote ? "GET" : "read"
    }

    /// What a refresh came to, for the log.
    private nonisolated static func status(_ outcome: FeedUpdateResult.Outcome) -> String {
        switch outcome {
        case .updated(let count, let moved): "read, \(count) new episode\(count == 1 ? "" : "s")\(moved ? ", feed moved" : "")"
        case .notModified: "304 not modified"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}
