import Foundation
import PodcastKit

/// What a playlist holds now: a smart one's saved filter run as of now, a named one's list in its order.
package enum PlaylistContents {
    /// The saved filter of a smart playlist, nil for a named one; an `invalid` error when what was saved cannot be read.
    package static func filter(of playlist: PlaylistRecord) throws(StoreError) -> EpisodeFilter? {
        guard let saved = playlist.query else { return nil }
        guard let filter = EpisodeFilter(saved: saved) else {
            throw .invalid("\(playlist.name): the playlist's saved query cannot be read; set it again with playlist edit")
        }
        return filter
    }

    /// The playlist's episodes in order; `narrower` filters a smart playlist further (its flags win over the saved ones)
    /// and limits a named one.
    package static func listings(
        _ playlist: PlaylistRecord, in store: LibraryStore, narrower: EpisodeFilter = EpisodeFilter(), now: Date = Date()
    ) throws(StoreError) -> [EpisodeListing] {
        guard let saved = try filter(of: playlist) else {
            let listings = try store.playlistEpisodes(playlist.id)
            return narrower.limit.map { Array(listings.prefix($0)) } ?? listings
        }
        return try store.episodes(try saved.narrowed(by: narrower).query(in: store, now: now))
    }

    /// The episodes of the playlist called `name`, or nil when there is none.
    package static func listings(named name: String, in store: LibraryStore) throws(StoreError) -> [EpisodeListing]? {
        guard let playlist = try store.playlist(named: name) else { return nil }
        return try listings(playlist, in: store)
    }
}

extension EpisodeFilter {
    /// This filter with `other`'s: its states added, and each of its other filters in place of this one's.
    func narrowed(by other: EpisodeFilter) -> EpisodeFilter {
        var filter = self
        filter.states += other.states.filter { !states.contains($0) }
        if !other.shows.isEmpty { filter.shows = other.shows }
        filter.search = other.search ?? search
        filter.person = other.person ?? person
        filter.newer = other.newer ?? newer
        filter.older = other.older ?? older
        filter.minDuration = other.minDuration ?? minDuration
        filter.maxDuration = other.maxDuration ?? maxDuration
        filter.sort = other.sort ?? sort
        filter.limit = other.limit ?? limit
        return filter
    }
}
