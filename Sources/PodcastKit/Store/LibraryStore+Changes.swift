/// How the store keeps a change of the library model.
extension LibraryStore {
    /// Writes `change` in one transaction; returns how many episodes it changed.
    @discardableResult
    public func persist(_ change: LibraryChange) throws(StoreError) -> Int {
        switch change {
        case .played(let ids, let played):
            return try setPlayed(episodeIDs: ids, played)
        case .favorite(let id, let favorite):
            try setFavorite(episodeID: id, favorite)
        case .position(let id, let seconds), .listened(let id, _, let seconds):
            try setPosition(episodeID: id, seconds)
        case .downloaded(let id, let path):
            try setDownloadPath(episodeID: id, path)
        case .downloadDeleted(let id):
            try setDownloadPath(episodeID: id, nil)
        case .unsubscribed(let showID, _):
            try removeShow(id: showID)
        case .queued(let ids):
            try setQueue(ids)
        case .subscribed:
            // Kept with the show's episodes, in the transaction that stored the feed.
            return 0
        }
        return 1
    }
}
