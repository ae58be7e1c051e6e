import PodcastKit

extension LibraryTaskRunner {
    /// `download REF…` or `download --new [SHOW…]`: downloads episodes (resuming partial files) through the library's
    /// model, then keeps `keep` played downloads a show (else config.toml's retention; 0 keeps all).
    package func download(_ targets: [String], new: Bool, limit: Int?, keep: Int?) async throws -> Int32 {
        let store = try self.store
        var listings: [EpisodeListing] = []
        if new {
            var showIDs: [Int64] = []
            for target in targets {
                if let id = try findShow(target, in: store).id { showIDs.append(id) }
            }
            listings = try store.newEpisodes(showIDs: showIDs, limitPerShow: limit)
            if listings.isEmpty { output.line("Nothing new to download") }
        } else {
            for target in targets { listings.append(try EpisodeLookup.require(target, in: store)) }
        }
        let run = DownloadRun(editor: editor, output: output)
        let failures = await run.download(listings, store: store)
        let retention = Configuration.settings.retention
        if let keep = keep ?? (retention > 0 ? retention : nil) {
            let editor = editor
            let deleted = try Retention(store: store).deletePlayedDownloads(keeping: keep) { change throws(StoreError) in
                try editor.record(change)
            }
            for file in deleted { run.display.deleted(file) }
        }
        return failures > 0 ? ExitStatus.unreadable : 0
    }
}
