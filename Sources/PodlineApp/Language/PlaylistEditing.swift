import PodcastKit

/// Changes the episodes of named playlists, for `playlist`, `plan` and `auto_add` alike: the queue's through the
/// library's model (`LibraryChange.queued`), so that a running player's queue follows; any other's in the store.
package struct PlaylistEditing {
    package let store: LibraryStore
    /// Makes a change through the library's model.
    let record: (LibraryChange) throws(StoreError) -> Void

    /// The named playlist `name`, made if need be. Refused, in `command`'s words: a show's name, and a smart playlist.
    func named(_ name: String, for command: String) throws -> PlaylistRecord {
        if let show = try store.show(matching: name) {
            throw CommandError(.invalidParameter, "\(command): '\(name)' is the name of a show (\(show.slug)); choose another")
        }
        let existing = try store.playlist(named: name)
        if let existing, existing.isSmart {
            throw CommandError(.invalidParameter, "\(command): \(existing.name) is a smart playlist: its query chooses its episodes")
        }
        return try existing ?? store.createPlaylist(named: name, query: nil)
    }

    /// Adds episodes to a named playlist, in the order given, at its head or tail; one already in it stays where it
    /// is. Returns how many were added.
    @discardableResult
    func add(_ episodeIDs: [Int64], to playlist: PlaylistRecord, atHead: Bool) throws(StoreError) -> Int {
        guard playlist.isQueue else { return try store.addToPlaylist(playlist.id, episodeIDs: episodeIDs, atHead: atHead) }
        let queued = try store.queueEpisodeIDs()
        var seen = Set(queued)
        let fresh = episodeIDs.filter { seen.insert($0).inserted }
        try record(.queued(atHead ? fresh + queued : queued + fresh))
        return fresh.count
    }

    /// Takes episodes out of a named playlist; returns how many were in it.
    @discardableResult
    func remove(_ episodeIDs: [Int64], from playlist: PlaylistRecord) throws(StoreError) -> Int {
        guard playlist.isQueue else { return try store.removeFromPlaylist(playlist.id, episodeIDs: episodeIDs) }
        let queued = try store.queueEpisodeIDs()
        let left = queued.filter { !episodeIDs.contains($0) }
        try record(.queued(left))
        return queued.count - left.count
    }

    /// Makes a named playlist hold `episodeIDs`, in this order.
    func replace(_ playlist: PlaylistRecord, with episodeIDs: [Int64]) throws(StoreError) {
        guard playlist.isQueue else {
            try store.removeFromPlaylist(playlist.id, episodeIDs: try store.playlistEpisodes(playlist.id).compactMap(\.episode.id))
            try store.addToPlaylist(playlist.id, episodeIDs: episodeIDs)
            return
        }
        try record(.queued(episodeIDs))
    }
}
