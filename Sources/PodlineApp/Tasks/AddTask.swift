import PodcastKit

extension LibraryTaskRunner {
    /// `add FEED`: subscribes to a feed URL or file, a result of the last find (`find/N`), or the show of an Apple
    /// Podcasts or Podcast Index page; the library's model hears of the new show. A private feed's credentials (in its
    /// URL, or `user` with a password from `passwordCommand` or the terminal) are tried for this fetch and kept once the
    /// feed is read with them; the URL kept has none.
    package func add(_ named: String, sizeCap: Int, user: String? = nil, passwordCommand: String? = nil) async throws -> Int32 {
        let (feed, written) = FeedCredential.split(try await feedAddress(named))
        var credential = written
        if let user {
            credential = FeedCredential(username: user, password: try Self.password(command: passwordCommand, user: user, feed: feed))
        }
        let origin = FeedCredential.origin(of: feed)
        if credential != nil, origin == nil { throw CommandError(.invalidParameter, "add: a username goes with an http(s) feed URL") }
        let source = try FeedSource(checking: feed)
        let store = try self.store
        let kept = try origin.flatMap { origin throws(StoreError) in try store.credential(for: origin) }
        if let origin, let credential { FeedCredentials.shared.set(credential, for: origin) }
        do {
            return try await subscribe(feed, source: source, sizeCap: sizeCap, store: store, keeping: origin.map { ($0, credential) })
        } catch {
            if let origin { FeedCredentials.shared.set(kept, for: origin) }
            throw error
        }
    }

    /// Subscribes to `feed`; once it is read, keeps the credential tried for its origin.
    private func subscribe(
        _ feed: String, source: FeedSource, sizeCap: Int, store: LibraryStore, keeping tried: (String, FeedCredential?)?
    ) async throws -> Int32 {
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
        if let (origin, credential) = tried, let credential { try store.setCredential(credential, for: origin) }
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
    /// a show's recommendation (`podroll/SHOW/N`), or the feed of a directory's page.
    package func feedAddress(_ text: String) async throws -> String {
        if let number = FindReference.number(text) { return try FindReference.feed(text, number: number, in: try store) }
        if let podroll = PodrollReference(text) { return try await podroll.feed(in: try store) }
        return try await DirectorySearch.feed(ofPage: text) ?? text
    }

    /// A private feed's password: the first line `command` prints, else asked on the terminal without echo.
    private static func password(command: String?, user: String, feed: String) throws(CommandError) -> String {
        if let command {
            return try SecretCommand.secret(variable: nil, command: command, what: "feed password")
        }
        guard let password = TerminalPassword.read(prompt: "Password for \(user) at \(FeedCredential.origin(of: feed) ?? feed): ") else {
            throw CommandError(.invalidParameter, "add: --user needs a terminal to ask the password on, or --password-command")
        }
        return password
    }
}
