import Foundation

/// Records, as the library's model makes them, the changes other devices must hear of: subscriptions and what was
/// done with episodes (a listening stretch, played, marked new, downloaded, deleted), into the library's sync queue.
/// It is an observer of the model, so every front end's change is recorded the same way, once.
@MainActor
public final class SyncRecorder {
    private let store: LibraryStore
    /// True while sync applies what other devices did: that is not sent back.
    private var applyingRemote = false

    public init(store: LibraryStore) {
        self.store = store
    }

    /// Runs `body`, which applies other devices' changes, without recording them.
    public func applyingRemote<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        applyingRemote = true
        defer { applyingRemote = false }
        return try body()
    }

    /// Records `change` (an observer of the library's model); a failure is logged by the caller's model, never thrown
    /// at the change's maker: the change itself is kept.
    public func record(_ change: LibraryChange) throws(StoreError) {
        guard !applyingRemote else { return }
        let now = Date()
        switch change {
        case .subscribed(_, let url) where FeedURL.isRemote(url):
            try store.queueSubscription(url, subscribed: true, at: now)
        case .unsubscribed(_, let url) where FeedURL.isRemote(url):
            try store.queueSubscription(url, subscribed: false, at: now)
        case .subscribed, .unsubscribed:
            // A feed read from a file here means nothing on another device.
            break
        case .played(let ids, let played):
            let episodes = try store.syncIdentities(episodeIDs: ids)
            try store.queueActions(
                episodes.compactMap { episode in
                    guard played else { return episode.action(.new, at: now) }
                    // Played to the end: a play whose position is the length, as phones mark an episode played. Without
                    // a length nothing says where the end is: nothing is sent (a guess would be someone's position).
                    return episode.playedToEnd(at: now)
                })
        case .listened(let id, let from, let to):
            guard let episode = try store.syncIdentities(episodeIDs: [id]).first, to > from else { return }
            try store.queueActions([episode.heard(from: from, to: to, at: now)])
        case .downloaded(let id, _):
            try store.queueActions(try store.syncIdentities(episodeIDs: [id]).map { $0.action(.download, at: now) })
        case .downloadDeleted(let id):
            try store.queueActions(try store.syncIdentities(episodeIDs: [id]).map { $0.action(.delete, at: now) })
        case .favorite, .position, .queued:
            break
        }
    }
}

/// What sync calls an episode by: its show's feed URL, its enclosure URL and GUID, and its length.
public struct SyncIdentity: Sendable, Equatable {
    public var id: Int64
    public var podcast: String
    public var episode: String
    public var guid: String
    public var duration: Double?

    /// The length in whole seconds, when known (from the feed, or from playback: the file's header, or where it
    /// ended).
    var total: Int? {
        duration.flatMap { $0 > 0 && $0.isFinite ? Int($0.rounded()) : nil }
    }

    /// A play from `from` to `to` (seconds). With the length known it is sent as `total`; without, the play says
    /// where listening stopped and nothing more (the gpodder API has started, position and total together or
    /// position alone), rather than a total that would tell other devices the episode ended there.
    func heard(from: Double, to: Double, at date: Date) -> SyncAction {
        let position = Int(max(0, to).rounded(.down))
        guard let total else { return action(.play, at: date, position: position) }
        return action(.play, at: date, started: Int(max(0, from).rounded(.down)), position: position, total: total)
    }

    /// A play to the end, as phones mark an episode played; nil when the length is not known.
    func playedToEnd(at date: Date) -> SyncAction? {
        guard let total, total > 0 else { return nil }
        return action(.play, at: date, started: 0, position: total, total: total)
    }

    /// An action on this episode.
    func action(_ kind: SyncAction.Kind, at date: Date, started: Int? = nil, position: Int? = nil, total: Int? = nil) -> SyncAction {
        SyncAction(
            podcast: podcast, episode: episode, guid: guid, kind: kind, timestamp: date, started: started, position: position, total: total)
    }
}
