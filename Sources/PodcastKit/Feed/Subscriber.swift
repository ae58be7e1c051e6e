/// Subscribes to feeds: loads and parses first, then stores everything in one transaction.
public struct Subscriber: Sendable {
    public let store: LibraryStore
    public let loader: FeedLoader

    public init(store: LibraryStore, loader: FeedLoader) {
        self.store = store
        self.loader = loader
    }

    /// Adds the feed at `location` (URL or file); a feed that cannot be read adds nothing.
    public func subscribe(_ location: String) async throws -> FeedApplication {
        let source = try FeedSource(checking: location)
        if let existing = try store.show(matching: source.location), existing.feedURL == source.location {
            throw StoreError.alreadySubscribed("\(source.location): already subscribed as \(existing.slug)")
        }
        let loaded = try await loader.load(source)
        guard let feed = loaded.feed else { throw FeedLoadError(location: source.location, reason: "the server sent no feed") }
        let url = loaded.movedTo ?? source.location
        // Another address of a feed already here: where a temporary redirect led, or the address the feed says it moved to.
        for other in [loaded.finalURL, feed.newURL.map(FeedURL.normalized)].compactMap({ $0 }) where other != url {
            if let existing = try store.show(matching: other), existing.feedURL == other {
                throw StoreError.alreadySubscribed("\(source.location): already subscribed as \(existing.slug) (\(other))")
            }
        }
        var application = try store.addShow(feedURL: url, parsed: feed, etag: loaded.etag, lastModified: loaded.lastModified)
        application.warnings = feed.warnings
        return application
    }
}
