import PodcastKit

extension LibraryTaskRunner {
    /// `download REF…` or `download --new [SHOW…]`: downloads episodes (resuming partial files) through the library's
    /// model, then deletes what the retention rules no longer keep (`keep`: the newest downloads kept a show instead).
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
        try applyRetention(keep: keep, store: store, display: run.display)
        return failures > 0 ? ExitStatus.unreadable : 0
    }

    /// Deletes the downloads each show's retention rule no longer keeps (with `keep`, the newest downloads kept a show
    /// instead of the rule's own), and says each.
    func applyRetention(keep: Int?, store: LibraryStore, display: DownloadDisplay) throws {
        let settings = Configuration.settings
        let editor = editor
        let deleted = try Retention(store: store).prune { slug in
            var rule = settings.retentionRule(forShow: slug)
            if let keep { rule.keep = keep }
            return rule
        } record: { change throws(StoreError) in
            try editor.record(change)
        }
        for deletion in deleted { display.deleted(deletion) }
    }
}
