import Foundation
import Logging
import Playback
import PodcastKit

/// Downloads episodes one after another with the progress display of `download` (bars on a terminal, NDJSON
/// events otherwise, nothing for a reply) and the activity a running player reports; `download` and `update`'s
/// auto-download share it. What is downloaded is recorded through the library's model (`editor`), so a running player
/// shows it.
@MainActor
package struct DownloadRun {
    package let display: DownloadDisplay
    private let reporter: ActivityReporter
    /// The library's model the downloads are recorded in.
    package let editor: LibraryEditor
    private let output: TaskOutput

    package init(editor: LibraryEditor, output: TaskOutput) {
        let bars = output.drawsBars ? ProgressDisplay.onTerminal() : nil
        display = DownloadDisplay(bars: bars, output: output)
        reporter = ActivityReporter(display: bars?.sink)
        self.editor = editor
        self.output = output
    }

    /// Downloads each of `listings`; a failure is one line and the rest go on. Returns how many failed.
    package func download(_ listings: [EpisodeListing], store: LibraryStore) async -> Int {
        let editor = self.editor
        let log = Logger(label: "podline.http")
        var failures = 0
        var said: Set<String> = []
        // Once cancelled, the download under way ends (its part file kept) and no other starts.
        for listing in listings where !Task.isCancelled {
            log.debug("download \(listing.ref): GET \(listing.episode.enclosureURL ?? "(no media URL)")")
            do {
                let file = try await HTTPFetcher.with { [display, reporter] http in
                    let choice = Configuration.settings.mediaChoice(forShow: listing.showSlug)
                    let downloader = EpisodeDownloader(store: store, http: http!) { [editor] in try await editor.record($0) }
                    let file = try await downloader.download(listing, choosing: choice) { progress in
                        display.progress(progress)
                        reporter.download(ref: progress.ref, bytes: progress.received, total: progress.total)
                    }
                    // The chapters file comes along, so that chapters work offline too.
                    if ChaptersKeeper.needsFetch(listing.episode) {
                        _ = await ChaptersKeeper(store: store, http: http!).chapters(of: listing.episode) {
                            Logger(label: "podline.chapters").warning("\(listing.ref): \($0)")
                        }
                    }
                    // So does the transcript, so that it reads (and is found by search) offline too.
                    _ = try? await TranscriptKeeper(store: store, http: http!).transcript(of: listing.episode) {
                        Logger(label: "podline.transcript").warning("\(listing.ref): \($0)")
                    }
                    return file
                }
                // With normalisation on, the loudness is measured once now, so that the episode plays evened out from its
                // first second.
                let settings = Configuration.settings
                if settings.show(listing.showSlug).normalize ?? settings.normalize, let id = listing.episode.id {
                    _ = EpisodeLoudness.measure(path: file.path, keepingFor: id, in: store, trustingTags: settings.replayGain)
                }
                log.debug("download \(listing.ref): saved \(file.path)")
                display.finished(listing.ref, file: file)
                if settings.skipInserted(forShow: listing.showSlug), let comparison = await compareWithSecondFetch(listing, file, store) {
                    display.compared(listing.ref, comparison)
                }
            } catch {
                display.clear()
                log.debug("download \(listing.ref): failed: \(error)")
                // A folder that cannot be made fails every episode of the show alike: said once.
                let message = CommandError(library: error).message
                if said.insert(message).inserted { output.problem(message) }
                failures += 1
            }
        }
        return failures
    }

    /// With `skip_inserted`: fetches `listing` a second time, compares the fetch with the download `file` and keeps what
    /// it showed, unless that was done for this download already. A second fetch that fails, or audio that cannot be
    /// compared, leaves nothing kept and says nothing (on standard error with `--log debug`).
    private func compareWithSecondFetch(_ listing: EpisodeListing, _ file: URL, _ store: LibraryStore) async -> InsertedComparison? {
        let log = Logger(label: "podline.inserted")
        guard let id = listing.episode.id, (try? store.insertedComparison(episodeID: id)) == nil else { return nil }
        let second = URL(fileURLWithPath: file.path + ".second.part")
        defer { try? FileManager.default.removeItem(at: second) }
        do {
            // A fetcher of its own: a fresh connection, as another listener's would be.
            try await HTTPFetcher.with { http in
                let choice = Configuration.settings.mediaChoice(forShow: listing.showSlug)
                try await EpisodeDownloader(store: store, http: http!).fetchAgain(listing, choosing: choice, to: second.path)
            }
            let comparison = try await DownloadComparison.compare(download: file, second: second)
            try store.keepInsertedComparison(comparison, episodeID: id)
            return comparison
        } catch {
            log.debug("download \(listing.ref): no comparison with a second fetch: \(error)")
            return nil
        }
    }
}
