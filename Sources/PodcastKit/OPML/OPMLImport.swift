/// What importing an OPML list did.
public struct ImportSummary: Sendable, Equatable {
    /// Feeds newly subscribed (including those that could not be read yet).
    public var added: Int { subscribed.count }
    /// The shows newly subscribed, in the list's order.
    public var subscribed: [ShowRecord] = []
    /// Feeds that were already in the library.
    public var alreadySubscribed = 0
    /// `<url>: <reason>` for each feed that could not be read now; it is subscribed all the same.
    public var failures: [String] = []
}

/// Moves subscription lists between OPML and the library.
public struct OPMLImport: Sendable {
    public let store: LibraryStore
    public let loader: FeedLoader

    public init(store: LibraryStore, loader: FeedLoader) {
        self.store = store
        self.loader = loader
    }

    /// Reads and parses the OPML file at `path`; errors name the file.
    public static func read(_ path: String) throws(FeedLoadError) -> OPMLDocument {
        do {
            return try OPMLParser.parse(LocalFile.read(path, sizeCap: FeedParser.defaultSizeCap))
        } catch {
            throw FeedLoadError(location: path, reason: error.reason)
        }
    }

    /// The library's subscriptions as an OPML document.
    public static func document(of store: LibraryStore) throws(StoreError) -> OPMLDocument {
        let entries = try store.shows().map { OPMLDocument.Entry(title: $0.title, feedURL: $0.feedURL, siteURL: $0.link) }
        var playlists: [OPMLDocument.Playlist] = []
        for playlist in try store.playlists() {
            let episodes = playlist.isSmart ? [] : try store.playlistEpisodeKeys(playlist.id)
            playlists.append(OPMLDocument.Playlist(name: playlist.name, query: playlist.query, episodes: episodes))
        }
        return OPMLDocument(title: "Podline subscriptions", entries: entries, playlists: playlists)
    }

    /// Stores one entry: the feed as loaded, or a placeholder that records why it could not be loaded.
    private func add(_ entry: OPMLDocument.Entry, _ result: Result<LoadedFeed, FeedLoadError>) throws(StoreError) -> ShowRecord {
        switch result {
        case .success(let loaded):
            var feed = loaded.feed ?? ParsedFeed()
            feed.title = feed.title ?? entry.title
            return try store.addShow(
                feedURL: loaded.movedTo ?? entry.feedURL, parsed: feed, etag: loaded.etag,
                lastModified: loaded.lastModified
            ).show
        case .failure(let error):
            var placeholder = ParsedFeed()
            placeholder.title = entry.title
            placeholder.link = entry.siteURL
            let added = try store.addShow(feedURL: entry.feedURL, parsed: placeholder)
            if let id = added.show.id { try store.recordFailure(showID: id, reason: error.reason) }
            return added.show
        }
    }

    /// Subscribes to `entries`, fetching `jobs` at a time. A feed that cannot be read is subscribed with its
    /// error recorded, so that `update` tries again; nothing already in the library changes.
    public func subscribe(_ entries: [OPMLDocument.Entry], jobs: Int = 8) async throws(StoreError) -> ImportSummary {
        var summary = ImportSummary()
        var pending: [OPMLDocument.Entry] = []
        let known = Set(try store.shows().map(\.feedURL))
        for entry in entries {
            if known.contains(entry.feedURL) { summary.alreadySubscribed += 1 } else { pending.append(entry) }
        }
        let loader = self.loader
        let results = await withTaskGroup(of: (Int, Result<LoadedFeed, FeedLoadError>).self) { group in
            var results = [Result<LoadedFeed, FeedLoadError>?](repeating: nil, count: pending.count)
            var next = 0
            func startNext() {
                guard next < pending.count else { return }
                let index = next
                let entry = pending[index]
                next += 1
                group.addTask {
                    do throws(FeedLoadError) {
                        return (index, .success(try await loader.load(FeedSource(entry.feedURL))))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            for _ in 0..<max(1, jobs) { startNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                startNext()
            }
            return results
        }
        for (entry, result) in zip(pending, results) {
            guard let result else { continue }
            do {
                summary.subscribed.append(try add(entry, result))
                if case .failure(let error) = result { summary.failures.append(error.description) }
            } catch .alreadySubscribed {
                summary.alreadySubscribed += 1  // it redirected to a feed already in the library
            }
        }
        return summary
    }
}
