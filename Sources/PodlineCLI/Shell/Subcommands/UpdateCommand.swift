import ArgumentParser
import Foundation
import Logging
import PodcastKit

/// `podline update [SHOW…] [--jobs N]`: refreshes feeds concurrently and summarises what changed.
struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: CommandTable.summary(of: "update"),
        discussion: "Exits with status 2 when any feed could not be read; the others are updated all the same.")

    @Argument(help: "Shows to refresh (slug, id or feed URL); all when omitted.")
    var shows: [String] = []

    @OptionGroup var jobs: JobsOption

    @Flag(help: "Print one JSON object per show instead of the summary.")
    var json = false

    @OptionGroup var feedOptions: FeedOptions

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        let cap = feedOptions.sizeCap
        let results: [FeedUpdateResult]
        let store: LibraryStore
        do {
            store = try library.openStore()
            var selected: [ShowRecord] = []
            for name in shows {
                guard let show = try store.show(matching: name) else { throw StoreError.notFound("\(name): no such show") }
                selected.append(show)
            }
            if shows.isEmpty { selected = try store.shows() }
            let bars = json ? nil : await ProgressDisplay.onTerminal()
            await bars?.expectFeeds(selected.count)
            let reporter = ActivityReporter(display: bars?.sink)
            let log = Logger(label: "podline.http")
            log.debug("refreshing \(selected.count) feed\(selected.count == 1 ? "" : "s"), \(jobs.count) at a time")
            let needsHTTP = selected.contains { FeedSource($0.feedURL).isRemote }
            do {
                results = try await HTTPFetcher.with(needed: needsHTTP, decompressionLimit: cap) { [jobCount = jobs.count, selected] http in
                    await FeedUpdater(store: store, loader: FeedLoader(http: http, sizeCap: cap)).update(selected, jobs: jobCount) {
                        result in
                        reporter.feed(result)
                        log.debug("\(Self.request(result.show.feedURL)) \(result.show.feedURL): \(Self.status(result.outcome))")
                    }
                }
            } catch {
                await bars?.clear()
                throw error
            }
            await bars?.clear()
        } catch {
            throw libraryFailure(error)
        }
        report(results)
        let downloadFailures = try await autoDownload(results, store: store)
        if results.contains(where: \.failed) || downloadFailures > 0 { throw ExitCode(ExitStatus.unreadable) }
    }

    /// With `auto_download = N` in config.toml (or `[show_auto_download]` for a show), downloads the N newest new
    /// episodes of each show refreshed; returns how many downloads failed.
    private func autoDownload(_ results: [FeedUpdateResult], store: LibraryStore) async throws -> Int {
        let settings = Configuration.settings
        var listings: [EpisodeListing] = []
        do {
            for result in results where !result.failed {
                let count = settings.autoDownload(forShow: result.show.slug)
                guard count > 0, let id = result.show.id else { continue }
                listings += try store.newEpisodes(showIDs: [id], limitPerShow: count)
            }
        } catch {
            throw libraryFailure(error)
        }
        return listings.isEmpty ? 0 : await DownloadRun().download(listings, store: store)
    }

    private func report(_ results: [FeedUpdateResult]) {
        var newTotal = 0
        for result in results {
            let name = result.show.slug
            switch result.outcome {
            case .updated(let count, let moved):
                newTotal += count
                if json { continue }
                if count > 0 { print("\(name): \(count) new episode\(count == 1 ? "" : "s")") }
                if moved { print("\(name): feed moved to \(result.show.feedURL)") }
                printFeedWarnings(result.warnings, feed: "\(name): \(result.show.feedURL)")
            case .notModified:
                break
            case .failed(let reason):
                if !json { printError("\(name): \(result.show.feedURL): \(reason)") }
            }
        }
        if json {
            for result in results { TerminalOutput.printJSON(Self.json(result)) }
            return
        }
        let failed = results.filter(\.failed).count
        print(
            "Updated \(results.count - failed) of \(results.count) feeds: \(newTotal) new episode\(newTotal == 1 ? "" : "s")\(failed > 0 ? ", \(failed) failed" : "")."
        )
    }

    /// `GET` for a feed fetched over HTTP, `read` for a local file.
    private static func request(_ url: String) -> String {
        FeedSource(url).isRemote ? "GET" : "read"
    }

    /// What a refresh came to, for the log.
    private static func status(_ outcome: FeedUpdateResult.Outcome) -> String {
        switch outcome {
        case .updated(let count, let moved): "read, \(count) new episode\(count == 1 ? "" : "s")\(moved ? ", feed moved" : "")"
        case .notModified: "304 not modified"
        case .failed(let reason): "failed: \(reason)"
        }
    }

    private static func json(_ result: FeedUpdateResult) -> JSONValue {
        var members: [(String, JSONValue)] = [("show", .string(result.show.slug)), ("url", .string(result.show.feedURL))]
        switch result.outcome {
        case .updated(let count, let moved):
            members += [("status", .string("updated")), ("new", .int(count)), ("moved", .bool(moved))]
        case .notModified:
            members += [("status", .string("not-modified")), ("new", .int(0)), ("moved", .bool(false))]
        case .failed(let reason):
            members += [("status", .string("failed")), ("error", .string(reason))]
        }
        if !result.warnings.isEmpty { members.append(("warnings", .array(result.warnings.map(JSONValue.string)))) }
        return .object(members)
    }
}
