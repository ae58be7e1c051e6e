import Foundation

/// What refreshing one show came to.
public struct FeedUpdateResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// The feed was read and applied.
        case updated(newEpisodes: Int, moved: Bool)
        /// The server answered 304 Not Modified.
        case notModified
        /// Nothing changed; the reason was recorded on the show.
        case failed(String)
    }

    public var show: ShowRecord
    public var outcome: Outcome
    /// Where the feed was not well-formed, with line and column (see `ParsedFeed.warnings`).
    public var warnings: [String] = []
    /// Set when the feed was read but the library could not keep it (a full disk): no other feed is started after it.
    public var libraryFailure: StoreError?

    public var failed: Bool {
        if case .failed = outcome { return true }
        return false
    }
}

/// Refreshes subscribed feeds concurrently, each in its own transaction, so one failure touches nothing else.
public struct FeedUpdater: Sendable {
    public let store: LibraryStore
    public let loader: FeedLoader

    public init(store: LibraryStore, loader: FeedLoader) {
        self.store = store
        self.loader = loader
    }

    /// Refreshes `shows`, at most `jobs` at a time, calling `progress` as each finishes; results in `shows` order.
    public func update(
        _ shows: [ShowRecord], jobs: Int = 8,
        progress: @escaping @Sendable (FeedUpdateResult) -> Void = { _ in }
    ) async -> [FeedUpdateResult] {
        var results = [FeedUpdateResult?](repeating: nil, count: shows.count)
        await withTaskGroup(of: (Int, FeedUpdateResult).self) { group in
            var next = 0
            var libraryFailed = false
            func startNext() {
                // Once cancelled, no more feeds are started; those under way end as their requests are cancelled. Nor
                // once the library could not keep one: the others would fail the same way.
                guard next < shows.count, !Task.isCancelled, !libraryFailed else { return }
                let index = next
                let show = shows[index]
                next += 1
                group.addTask { (index, await self.update(show)) }
            }
            for _ in 0..<max(1, jobs) { startNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                progress(result)
                if result.libraryFailure != nil { libraryFailed = true }
                startNext()
            }
        }
        return results.compactMap { $0 }
    }

    /// Refreshes one show.
    public func update(_ show: ShowRecord) async -> FeedUpdateResult {
        guard let showID = show.id else { return FeedUpdateResult(show: show, outcome: .failed("not stored")) }
        do {
            let loaded = try await loader.load(FeedSource(show.feedURL), etag: show.etag, lastModified: show.lastModified)
            guard let feed = loaded.feed else {
                try store.recordNotModified(showID: showID)
                return FeedUpdateResult(show: show, outcome: .notModified)
            }
            let applied = try store.applyUpdate(
                showID: showID, parsed: feed, movedTo: loaded.movedTo,
                etag: loaded.etag, lastModified: loaded.lastModified)
            return FeedUpdateResult(
                show: applied.show, outcome: .updated(newEpisodes: applied.newEpisodes, moved: applied.moved),
                warnings: feed.warnings)
        } catch let error as StoreError {
            return FeedUpdateResult(show: show, outcome: .failed(error.description), libraryFailure: error)
        } catch let error as FeedLoadError {
            // A cancelled update says nothing about the feed.
            if !Task.isCancelled { try? store.recordFailure(showID: showID, reason: error.reason) }
            return FeedUpdateResult(show: show, outcome: .failed(error.reason))
        } catch {
            return FeedUpdateResult(show: show, outcome: .failed("\(error)"))
        }
    }
}
