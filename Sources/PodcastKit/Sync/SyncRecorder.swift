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
                    // Played to the end: a play whose position is the length, as phones mark an episode played.
                    guard let total = episode.duration.map({ Int($0.rounded()) }), total > 0 else { return nil }
                    return episode.action(.play, at: now, started: 0, position: total, total: total)
                })
        case .listened(let id, let from, let to):
            guard let episode = try store.syncIdentities(episodeIDs: [id]).first, to > from else { return }
            let total = episode.duration.map { Int($0.rounded()) }
            try store.queueActions([
                episode.action(.play, at: now, started: Int(from.rounded(.down)), position: Int(to.rounded(.down)), total: total ?? Int(to))
            ])
        case .downloaded(let id, _):
            try store.queueActions(try store.syncIdentities(episodeIDs: [id]).map { $0.action(.download, at: now) })
        case .downloadDeleted(let id):
            try store.queueActions(try store.syncIdentities(episodeIDs: [id]).map { $0.action(.delete, at: now) })
        case .favorite, .position:
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

    /// An action on this episode.
    func action(_ kind: SyncAction.Kind, at date: Date, started: Int? = nil, position: Int? = nil, total: Int? = nil) -> SyncAction {
        SyncAction(
            podcast: podcast, episode: episode, guid: guid, kind: kind, timestamp: date, started: started, position: position, total: total)
    }
}
