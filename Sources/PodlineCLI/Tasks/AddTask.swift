import PodcastKit

extension LibraryTaskRunner {
    /// `add FEED`: subscribes to a feed URL or file, a result of the last find (`find/N`), or the show of an Apple
    /// Podcasts or Podcast Index page; the library's model hears of the new show.
    func add(_ named: String, sizeCap: Int) async throws -> Int32 {
        let feed = try await feedAddress(named)
        let store = try self.store
        let source = try FeedSource(checking: feed)
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

    /// The feed address `text` names: itself, a find result's feed (`find/N`, from the library, which only this opens),
    /// or the feed of a directory's page.
    func feedAddress(_ text: String) async throws -> String {
        if let number = FindReference.number(text) { return try FindReference.feed(text, number: number, in: try store) }
        return try await DirectorySearch.feed(ofPage: text) ?? text
    }
}
