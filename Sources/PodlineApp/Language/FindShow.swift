import PodcastKit

/// The show `text` names (its slug, id or feed URL), or a `notFound` error that points at `podline shows`.
package func findShow(_ text: String, in store: LibraryStore) throws(StoreError) -> ShowRecord {
    guard let show = try store.show(matching: text) else { throw .notFound("\(text): no such show (see podline shows)") }
    return show
}

/// What a name where a show or a playlist may stand names: a show (its slug, id or feed URL) before a playlist.
package enum ShowOrPlaylist {
    case show(ShowRecord)
    case playlist(PlaylistRecord)
}

/// The show or playlist `text` names, or a `notFound` error that points at both lists.
package func findShowOrPlaylist(_ text: String, in store: LibraryStore) throws(StoreError) -> ShowOrPlaylist {
    if let show = try store.show(matching: text) { return .show(show) }
    guard let playlist = try store.playlist(named: text) else {
        throw .notFound("\(text): no such show or playlist (see podline shows, podline playlist)")
    }
    return .playlist(playlist)
}
