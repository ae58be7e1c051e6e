/// A change of what the listener did with episodes, as the library model makes it and its observers see it.
public enum LibraryChange: Sendable, Equatable {
    /// These episodes were marked played (their positions back to the start) or unplayed.
    case played([Int64], Bool)
    /// This episode was made a favourite, or no longer one.
    case favorite(Int64, Bool)
    /// The listener got this far into this episode (seconds).
    case position(Int64, Double)
    /// A stretch of listening to this episode ended (a pause, a stop, another episode, quitting): it went from `from` to
    /// `to` (seconds), where it now stands.
    case listened(Int64, from: Double, to: Double)
    /// This episode's file was downloaded to `path` (as the store keeps it: relative to the downloads folder when in it).
    case downloaded(Int64, path: String)
    /// This episode's downloaded file is gone; it plays from its URL.
    case downloadDeleted(Int64)
    /// The show with this id and feed URL was subscribed to (the store kept it with its episodes as the feed was read).
    case subscribed(showID: Int64, feedURL: String)
    /// The show with this id and feed URL was unsubscribed: it, its episodes and their places are gone.
    case unsubscribed(showID: Int64, feedURL: String)
    /// The queue (the library's playlist named `queue`) holds these episodes now, in this order.
    case queued([Int64])

    /// The episodes the change is about.
    public var episodeIDs: [Int64] {
        switch self {
        case .played(let ids, _): ids
        case .favorite(let id, _), .position(let id, _), .listened(let id, _, _), .downloaded(let id, _), .downloadDeleted(let id): [id]
        case .subscribed, .unsubscribed, .queued: []
        }
    }
}
