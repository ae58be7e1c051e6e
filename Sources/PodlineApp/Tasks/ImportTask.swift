import PodcastKit

extension LibraryTaskRunner {
    /// `import FILE.opml`: subscribes to every network feed of an OPML list; each new show goes through the library's
    /// model. A feed that cannot be read now is subscribed all the same and reported (status 2).
    package func importOPML(_ file: String, jobs: Int?, sizeCap: Int) async throws -> Int32 {
        let store = try self.store
        let document = try OPMLImport.read(file)
        if Diagnostics.isVerbose {
            for warning in document.skipped { output.problem("\(file): \(warning)") }
        } else if !document.skipped.isEmpty {
            let count = document.skipped.count
            output.problem("\(file): skipped \(count) outline\(count == 1 ? "" : "s") without a network feed URL (--verbose lists them)")
        }
        let jobCount = jobs ?? Configuration.settings.updateJobs
        let summary = try await HTTPFetcher.with(decompressionLimit: sizeCap) { http in
            try await OPMLImport(store: store, loader: FeedLoader(http: http, sizeCap: sizeCap)).subscribe(
                document.entries, jobs: jobCount)
        }
        let library = try editor.library()
        for show in summary.subscribed {
            if let id = show.id { library.show(.subscribed(showID: id, feedURL: show.feedURL)) }
        }
        for failure in summary.failures { output.problem(failure) }
        output.line(
            "Imported \(summary.added) feed\(summary.added == 1 ? "" : "s") (\(summary.alreadySubscribed) already subscribed, \(summary.failures.count) unreadable now)."
        )
        let restored = try restore(document.playlists, from: file, in: store)
        if !restored.isEmpty {
            output.line("Restored \(restored.count) playlist\(restored.count == 1 ? "" : "s"): \(restored.joined(separator: ", ")).")
        }
        output.value(
            .object([
                ("added", .int(summary.added)), ("already_subscribed", .int(summary.alreadySubscribed)),
                ("unreadable", .array(summary.failures.map(JSONValue.string))), ("playlists", .array(restored.map(JSONValue.string))),
            ]))
        return summary.failures.isEmpty ? 0 : ExitStatus.unreadable
    }

    /// Makes the list's playlists (as `export` writes them) here: a smart one unless a playlist or a show here has its
    /// name; a named one's episodes that this library has added at its tail (the queue's too). Says what it leaves out;
    /// returns the names of the playlists made or filled.
    private func restore(_ playlists: [OPMLDocument.Playlist], from file: String, in store: LibraryStore) throws -> [String] {
        let editing = PlaylistEditing(store: store) { change throws(StoreError) in try editor.record(change) }
        var restored: [String] = []
        for playlist in playlists {
            let name = playlist.name
            if let problem = PlaylistCommand.problem(withName: name) {
                output.problem("\(file): playlist left out: \(problem)")
                continue
            }
            if let query = playlist.query {
                guard EpisodeFilter(saved: query) != nil else {
                    output.problem("\(file): playlist \(name) left out: its query cannot be read")
                    continue
                }
                guard try store.playlist(named: name) == nil, try store.show(matching: name) == nil else {
                    output.problem("\(file): playlist \(name): this library has one of that name, left as it is")
                    continue
                }
                try store.createPlaylist(named: name, query: query)
            } else {
                let existed = try store.playlist(named: name) != nil
                let target: PlaylistRecord
                do {
                    target = try editing.named(name, for: "\(file): playlist")
                } catch let error as CommandError {
                    output.problem(error.message)
                    continue
                }
                var ids: [Int64] = []
                for key in playlist.episodes {
                    let feed = FeedURL.normalized(key.feedURL)
                    if let id = try store.episodeID(feedURL: feed, guid: key.guid, enclosureURL: key.enclosureURL) { ids.append(id) }
                }
                let added = try editing.add(ids, to: target, atHead: false)
                let missing = playlist.episodes.count - ids.count
                if missing > 0 {
                    output.problem(
                        "\(file): playlist \(name): \(missing) episode\(missing == 1 ? " is" : "s are") not in this library, left out")
                }
                // An empty queue, or a list whose episodes are all in the playlist here already, restores nothing.
                if existed, added == 0 { continue }
            }
            restored.append(name)
        }
        return restored
    }
}
