import ArgumentParser
import Foundation
import Logging
import PodcastKit

/// `podline download REF…`: downloads episodes, resuming partial files.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: CommandTable.summary(of: "download"),
        discussion:
            "On a terminal a progress bar is drawn on standard error; otherwise download-progress events are written to standard output as NDJSON."
    )

    @Argument(help: "Episodes: \(EpisodeLookup.forms); with --new, shows (none: every show).")
    var refs: [String] = []

    @Flag(help: CommandTable.flagHelp("download", "new"))
    var new = false

    @Option(help: CommandTable.flagHelp("download", "limit"))
    var limit: Int?

    @Option(
        help:
            CommandTable.flagHelp("download", "keep")
    )
    var keep: Int?

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        if refs.isEmpty, !new { throw ValidationError("give at least one episode reference, or --new") }
        if limit != nil, !new { throw ValidationError("--limit goes with --new") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let keep, keep < 0 { throw ValidationError("--keep must not be negative") }
    }

    func run() async throws {
        let store: LibraryStore
        var listings: [EpisodeListing] = []
        do {
            store = try library.openStore()
            if new {
                let showIDs = try refs.compactMap { try findShow($0, in: store).id }
                listings = try store.newEpisodes(showIDs: showIDs, limitPerShow: limit)
                if listings.isEmpty { print("Nothing new to download") }
            } else {
                for ref in refs { listings.append(try EpisodeLookup.require(ref, in: store)) }
            }
        } catch {
            throw libraryFailure(error)
        }
        let run = await DownloadRun()
        let failures = await run.download(listings, store: store)
        if let keep = keep ?? (Configuration.settings.retention > 0 ? Configuration.settings.retention : nil) {
            do {
                let editor = run.editor
                let deleted = try await MainActor.run {
                    try Retention(store: store).deletePlayedDownloads(keeping: keep) { change throws(StoreError) in
                        try editor.record(change)
                    }
                }
                for file in deleted { run.display.deleted(file) }
            } catch {
                throw libraryFailure(error)
            }
        }
        if failures > 0 { throw ExitCode(ExitStatus.unreadable) }
    }
}

/// Shows download progress: bars on a terminal (fed by the activity reporter), throttled NDJSON events otherwise.
final class DownloadDisplay: @unchecked Sendable {
    private let bars: ProgressDisplay?
    private let lock = NSLock()
    private var lastEvent = ContinuousClock.now - .seconds(1)

    init(bars: ProgressDisplay?) { self.bars = bars }

    private var terminal: Bool { bars != nil }

    func progress(_ progress: DownloadProgress) {
        guard !terminal else { return }
        let now = ContinuousClock.now
        let due = lock.withLock { () -> Bool in
            guard now - lastEvent >= .milliseconds(250) || progress.received == progress.total else { return false }
            lastEvent = now
            return true
        }
        guard due else { return }
        TerminalOutput.printJSON(
            .object([
                ("event", .string("download-progress")),
                (
                    "data",
                    .object([("ref", .string(progress.ref)), ("received", .int(progress.received)), ("total", .int(progress.total))])
                ),
            ]))
    }

    @MainActor func finished(_ ref: String, file: URL) {
        clear()
        if terminal {
            print("\(ref): downloaded to \(file.path)")
        } else {
            TerminalOutput.printJSON(
                .object([
                    ("event", .string("download-finished")),
                    ("data", .object([("ref", .string(ref)), ("file", .string(file.path))])),
                ]))
        }
    }

    func deleted(_ file: URL) {
        if terminal { print("deleted \(file.path)") }
    }

    /// Erases the bars.
    @MainActor func clear() {
        bars?.clear()
    }
}
