import ArgumentParser
import Foundation
import Logging
import PodcastKit

/// `podline download REF…`: downloads episodes, resuming partial files.
struct DownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download episodes (resuming interrupted downloads).",
        discussion: "On a terminal a progress bar is drawn on standard error; otherwise download-progress events are written to standard output as NDJSON.")

    @Argument(help: "Episodes: SHOW/NUMBER or ids.")
    var refs: [String]

    @Option(help: "Afterwards, keep only the N most recent played downloads of each show and delete the rest.")
    var keep: Int?

    @OptionGroup var library: LibraryOptions

    func validate() throws {
        if refs.isEmpty { throw ValidationError("give at least one episode reference") }
        if let keep, keep < 0 { throw ValidationError("--keep must not be negative") }
    }

    func run() throws {
        var failures = 0
        let store: LibraryStore
        var listings: [EpisodeListing] = []
        do {
            store = try library.openStore()
            for ref in refs { listings.append(try store.episode(try parseReference(ref))) }
        } catch {
            throw libraryFailure(error)
        }
        let display = DownloadDisplay(terminal: TerminalOutput.stderrIsTerminal)
        let reporter = ActivityReporter()
        let log = Logger(label: "podline.http")
        for listing in listings {
            log.debug("download \(listing.ref): GET \(listing.episode.enclosureURL ?? "(no media URL)")")
            do {
                let file = try runBlocking {
                    try await HTTPFetcher.with { http in
                        try await EpisodeDownloader(store: store, http: http!).download(listing) { progress in
                            display.progress(progress)
                            reporter.download(ref: progress.ref, bytes: progress.received, total: progress.total)
                        }
                    }
                }
                log.debug("download \(listing.ref): saved \(file.path)")
                display.finished(listing.ref, file: file)
            } catch {
                display.clear()
                log.debug("download \(listing.ref): failed: \(error)")
                _ = libraryFailure(error)
                failures += 1
            }
        }
        if let keep {
            do {
                for file in try Retention(store: store).deletePlayedDownloads(keeping: keep) {
                    display.deleted(file)
                }
            } catch {
                throw libraryFailure(error)
            }
        }
        if failures > 0 { throw ExitCode(ExitStatus.unreadable) }
    }
}

/// Shows download progress: a bar on a terminal, throttled NDJSON events otherwise.
final class DownloadDisplay: @unchecked Sendable {
    private let terminal: Bool
    private let lock = NSLock()
    private var lastEvent = ContinuousClock.now - .seconds(1)

    init(terminal: Bool) { self.terminal = terminal }

    func progress(_ progress: DownloadProgress) {
        let now = ContinuousClock.now
        let due = lock.withLock { () -> Bool in
            guard now - lastEvent >= .milliseconds(250) || progress.received == progress.total else { return false }
            lastEvent = now
            return true
        }
        guard due else { return }
        if terminal {
            TerminalOutput.writeError("\r\u{1B}[K" + Self.bar(progress))
        } else {
            TerminalOutput.printJSON(.object([
                ("event", .string("download-progress")),
                ("data", .object([("ref", .string(progress.ref)), ("received", .int(progress.received)), ("total", .int(progress.total))])),
            ]))
        }
    }

    func finished(_ ref: String, file: URL) {
        clear()
        if terminal {
            print("\(ref): downloaded to \(file.path)")
        } else {
            TerminalOutput.printJSON(.object([
                ("event", .string("download-finished")),
                ("data", .object([("ref", .string(ref)), ("file", .string(file.path))])),
            ]))
        }
    }

    func deleted(_ file: URL) {
        if terminal { print("deleted \(file.path)") }
    }

    func clear() {
        if terminal { TerminalOutput.writeError("\r\u{1B}[K") }
    }

    private static func bar(_ progress: DownloadProgress) -> String {
        let megabytes = String(format: "%.1f", Double(progress.received) / 1_048_576)
        guard let total = progress.total, total > 0 else { return "\(progress.ref)  \(megabytes) MB" }
        let fraction = min(1, Double(progress.received) / Double(total))
        let filled = Int(fraction * 30)
        return "\(progress.ref)  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
            + "] \(Int(fraction * 100))%  \(megabytes) MB"
    }
}
