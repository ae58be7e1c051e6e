import Foundation

/// Deletes downloads as each show's retention rule says: played ones beyond the newest kept, and played ones heard
/// long enough ago. A favourite, an episode not played and one in progress are never deleted.
public struct Retention: Sendable {
    public let store: LibraryStore

    public init(store: LibraryStore) { self.store = store }

    /// A download deleted, and why.
    public struct Deletion: Sendable, Equatable {
        /// Why a download was deleted.
        public enum Reason: Sendable, Equatable {
            /// Older than the `keep` newest downloads of its show.
            case beyondNewest(keep: Int)
            /// Played longer ago than this many seconds.
            case playedLongAgo(after: Double)
        }

        public let ref: String
        public let file: URL
        public let reason: Reason
    }

    /// Deletes the downloads `rule` (given each show's slug) no longer keeps, forgetting them in the library through
    /// `record` (the library model's `apply`); returns what was deleted, show by show, newest first.
    public func prune(
        now: Date = Date(), rule: (String) -> RetentionRule, record: (LibraryChange) throws(StoreError) -> Void
    ) throws(StoreError) -> [Deletion] {
        var deleted: [Deletion] = []
        var rules: [Int64: RetentionRule] = [:]
        var seen: [Int64: Int] = [:]
        for download in try store.downloadsForRetention() {  // newest first within each show
            let episode = download.listing.episode
            let showRule = rules[episode.showID] ?? rule(download.listing.showSlug)
            rules[episode.showID] = showRule
            let index = seen[episode.showID, default: 0]
            seen[episode.showID] = index + 1
            guard !showRule.keepsAll, episode.isPlayed, episode.position == 0, !episode.isFavorite, let id = episode.id,
                let path = episode.downloadPath
            else { continue }
            let reason: Deletion.Reason
            if showRule.keep > 0, index >= showRule.keep {
                reason = .beyondNewest(keep: showRule.keep)
            } else if let after = showRule.deletePlayedAfter, let playedAt = download.playedAt, now.timeIntervalSince(playedAt) >= after {
                reason = .playedLongAgo(after: after)
            } else {
                continue
            }
            try record(.downloadDeleted(id))
            let file = store.paths.file(forDownload: path)
            try? FileManager.default.removeItem(at: file)
            deleted.append(Deletion(ref: download.listing.ref, file: file, reason: reason))
        }
        return deleted
    }
}
