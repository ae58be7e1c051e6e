import Foundation
import Observation

/// The listener's library: the model views read and commands write. Changes to the listener's state
/// go through its methods, which update the model and persist to the store.
@Observable @MainActor
public final class Library {
    @ObservationIgnored public let store: LibraryStore
    public private(set) var shows: [Show] = []
    @ObservationIgnored private var observers: [@MainActor (LibraryChange) -> Void] = []

    /// A library backed by `store`; call `reload()` to fill it.
    public init(store: LibraryStore) {
        self.store = store
    }

    /// Reads the shows from the store, keeping the identity of shows already loaded.
    public func reload() throws(StoreError) {
        let records = try store.shows()
        let existing = Dictionary(uniqueKeysWithValues: shows.map { ($0.id, $0) })
        shows = records.map { record in
            if let show = existing[record.id ?? 0] {
                show.refresh(from: record)
                return show
            }
            return Show(record)
        }
    }

    /// Loads (or reloads) the episodes of `show`, newest first.
    public func loadEpisodes(of show: Show) throws(StoreError) {
        let listings = try store.episodes(EpisodeQuery(showID: show.id))
        let paths = store.paths
        show.episodes = listings.map { Episode($0, paths: paths) }
    }

    /// The episode a reference names, loaded on its own.
    public func episode(_ reference: EpisodeReference) throws(StoreError) -> Episode {
        let listing = try store.episode(reference)
        if let show = shows.first(where: { $0.id == listing.episode.showID }),
            let loaded = show.episodes.first(where: { $0.id == listing.episode.id })
        {
            return loaded
        }
        return Episode(listing, paths: store.paths)
    }

    /// Marks `episode` played (its position back to the start) or unplayed.
    public func setPlayed(_ episode: Episode, _ played: Bool) throws(StoreError) {
        try apply(.played([episode.id], played))
    }

    /// Sets or clears the favourite flag of `episode`.
    public func setFavorite(_ episode: Episode, _ favorite: Bool) throws(StoreError) {
        try apply(.favorite(episode.id, favorite))
    }

    /// Saves how far the listener got in `episode`.
    public func setPosition(_ episode: Episode, _ position: Double) throws(StoreError) {
        try apply(.position(episode.id, max(0, position)))
    }

    /// Calls `observer` after each change the model makes, once it is kept (the player follows its episode's marks
    /// this way).
    public func observe(_ observer: @escaping @MainActor (LibraryChange) -> Void) {
        observers.append(observer)
    }

    /// Makes `change`: the store keeps it first (refused there, nothing changes), then the loaded models show it and
    /// the observers hear of it. Returns how many episodes the store changed.
    @discardableResult
    public func apply(_ change: LibraryChange) throws(StoreError) -> Int {
        let changed = try store.persist(change)
        show(change)
        return changed
    }

    /// Shows `change`, which is kept already (by another process, or by the store as it stored a feed), in the loaded
    /// models, and tells the observers.
    public func show(_ change: LibraryChange) {
        switch change {
        case .unsubscribed(let showID, _): shows.removeAll { $0.id == showID }
        case .subscribed where !shows.isEmpty: try? reload()
        default: break
        }
        let ids = Set(change.episodeIDs)
        for show in shows {
            for episode in show.episodes where ids.contains(episode.id) { episode.take(change, paths: store.paths) }
        }
        for observer in observers { observer(change) }
    }
}

extension Episode {
    /// Shows `change` (already kept by the store of the library at `paths`).
    func take(_ change: LibraryChange, paths: LibraryPaths) {
        switch change {
        case .played(_, let played):
            isPlayed = played
            position = 0
        case .favorite(_, let favorite): isFavorite = favorite
        case .position(_, let seconds), .listened(_, _, let seconds): position = seconds
        case .downloaded(_, let path): downloadedFile = paths.file(forDownload: path)
        case .downloadDeleted: downloadedFile = nil
        case .subscribed, .unsubscribed, .queued: break
        }
    }
}
