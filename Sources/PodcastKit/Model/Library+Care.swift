import Foundation

/// What removing a show did.
public struct ShowRemoval: Sendable {
    public var slug: String
    public var title: String
    public var episodes: Int
    /// Downloaded files deleted, or kept with `keepFiles`.
    public var files: [URL]
}

/// What deleting a download did.
public enum DownloadDeletion: Sendable, Equatable {
    /// The file was deleted.
    case deleted(URL)
    /// The file was already gone; the record no longer says it is downloaded.
    case alreadyGone(URL)
    /// The episode was not downloaded.
    case notDownloaded
}

extension Library {
    /// Unsubscribes from `show`: its downloaded files go first (unless `keepFiles`), then the show, its episodes and
    /// positions in one transaction, so that an interruption leaves the show either whole or gone and never a file
    /// that nothing records. The transaction marks the show removed; its rows are deleted at the next `add` or
    /// `update` (see `LibraryStore.removeShow`).
    public func remove(_ show: ShowRecord, keepFiles: Bool) throws(StoreError) -> ShowRemoval {
        guard let id = show.id else { throw .notFound("\(show.slug): no such show") }
        let files = try store.downloadPaths(showID: id).map(store.paths.file(forDownload:))
        if !keepFiles {
            for file in files where FileManager.default.fileExists(atPath: file.path) {
                do {
                    try FileManager.default.removeItem(at: file)
                } catch {
                    throw .database("cannot delete \(file.path): \(error.localizedDescription); nothing was removed from the library")
                }
            }
        }
        try apply(.unsubscribed(showID: id, feedURL: show.feedURL))
        if !keepFiles {
            // The show's download folder goes with its last file (rmdir leaves a folder that holds anything else).
            for folder in Set(files.map { $0.deletingLastPathComponent().path }) { rmdir(folder) }
        }
        return ShowRemoval(slug: show.slug, title: show.displayTitle, episodes: show.episodeCount, files: files)
    }

    /// Deletes the downloaded file of `listing`; the episode stays, streamable, and is no longer marked downloaded.
    public func deleteDownload(_ listing: EpisodeListing) throws(StoreError) -> DownloadDeletion {
        guard let id = listing.episode.id, let stored = listing.episode.downloadPath else { return .notDownloaded }
        let file = store.paths.file(forDownload: stored)
        let existed = FileManager.default.fileExists(atPath: file.path)
        if existed {
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                throw .database("cannot delete \(file.path): \(error.localizedDescription)")
            }
        }
        try apply(.downloadDeleted(id))
        return existed ? .deleted(file) : .alreadyGone(file)
    }
}
