import Foundation

/// Deletes downloads of played episodes beyond a number kept per show.
public struct Retention: Sendable {
    public let store: LibraryStore

    public init(store: LibraryStore) { self.store = store }

    /// Deletes the files of played episodes except each show's `keep` most recent, forgetting them in the
    /// library through `record` (the library model's `apply`); returns the files deleted.
    public func deletePlayedDownloads(
        keeping keep: Int, record: (LibraryChange) throws(StoreError) -> Void
    ) throws(StoreError) -> [URL] {
        let played = try store.episodes(EpisodeQuery(states: [.downloaded])).filter(\.episode.isPlayed)
        var keptPerShow: [Int64: Int] = [:]
        var deleted: [URL] = []
        for listing in played {  // newest first
            let showID = listing.episode.showID
            let kept = keptPerShow[showID, default: 0]
            if kept < keep {
                keptPerShow[showID] = kept + 1
                continue
            }
            guard let id = listing.episode.id, let path = listing.episode.downloadPath else { continue }
            try record(.downloadDeleted(id))
            let file = store.paths.file(forDownload: path)
            try? FileManager.default.removeItem(at: file)
            deleted.append(file)
        }
        return deleted
    }
}
