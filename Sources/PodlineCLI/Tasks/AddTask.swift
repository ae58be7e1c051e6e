import PodcastKit

extension LibraryTaskRunner {
    /// `add FEED`: subscribes to a feed URL or file; the library's model hears of the new show.
    func add(_ feed: String, sizeCap: Int) async throws -> Int32 {
        let source = try FeedSource(checking: feed)
        let store = try self.store
        let application: FeedApplication
        do {
            application = try await HTTPFetcher.with(needed: source.isRemote, decompressionLimit: sizeCap) { http in
                try await Subscriber(store: store, loader: FeedLoader(http: http, sizeCap: sizeCap)).subscribe(feed)
            }
        } catch StoreError.alreadySubscribed(let message) {
            output.line(message)
            output.value(.object([("subscribed", .bool(false)), ("message", .string(message))]))
            return 0
        }
        let show = application.show
        if let id = show.id { try editor.library().show(.subscribed(showID: id, feedURL: show.feedURL)) }
        warn(application.warnings, feed: source.location)
        output.line("Added \(show.slug): \(show.displayTitle) (\(application.newEpisodes) episodes)")
        output.value(
            .object([
                ("subscribed", .bool(true)), ("slug", .string(show.slug)), ("title", .string(show.displayTitle)),
                ("url", .string(show.feedURL)), ("episodes", .int(application.newEpisodes)),
            ]))
        return 0
    }
}
