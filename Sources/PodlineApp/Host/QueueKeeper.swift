import Foundation
import Observation
import PodcastKit

/// Keeps the player's queue as the library's queue (the playlist named `queue`): taken up when the player starts, each
/// change of the player's written back, and each change another process makes (`playlist add queue`, `auto_add`, a
/// shell's `queue add` while no player ran) shown in the player. Files and URLs in the queue are the player's alone.
@MainActor
final class QueueKeeper {
    private let dispatcher: CommandDispatcher
    private let library: Library
    /// The episodes the library's queue holds, as last read or written here.
    private var kept: [Int64] = []
    private var stopped = false

    private var player: Player { dispatcher.player }

    /// Takes up the library's queue after what the player holds already (what `play` asked for comes first; an episode
    /// in both is kept once), then follows both ways.
    init(dispatcher: CommandDispatcher) throws(StoreError) {
        self.dispatcher = dispatcher
        library = try dispatcher.library.library()
        kept = try library.store.queueEpisodeIDs()
        let asked = Set(player.queue.compactMap(\.marks?.episodeID) + [player.current?.marks?.episodeID].compactMap { $0 })
        player.queue += items(for: kept.filter { !asked.contains($0) })
        library.observe { [weak self] change in
            guard case .queued(let ids) = change else { return }
            self?.follow(ids)
        }
        track()
        keep()
    }

    /// Writes what the player's queue holds now, then no more (the player is going away).
    func stop() {
        keep()
        stopped = true
    }

    /// The episodes of the player's queue, in order.
    private var queuedEpisodes: [Int64] { player.queue.compactMap(\.marks?.episodeID) }

    /// Calls `keep()` after each change of the player's queue.
    private func track() {
        guard !stopped else { return }
        withObservationTracking {
            _ = player.queue
        } onChange: {
            Task { @MainActor [weak self] in
                self?.keep()
                self?.track()
            }
        }
    }

    /// Writes the player's queue to the library when it differs from what the library holds.
    private func keep() {
        let ids = queuedEpisodes
        guard !stopped, ids != kept else { return }
        kept = ids
        do {
            try library.apply(.queued(ids))
        } catch {
            printError("cannot keep the queue in the library: \(error)")
        }
    }

    /// Another process changed the library's queue to `ids`: the player's queue becomes those episodes, in that order,
    /// with its files and URLs after them.
    private func follow(_ ids: [Int64]) {
        guard !stopped, ids != kept else { return }
        kept = ids
        let others = player.queue.filter { $0.marks?.episodeID == nil }
        let new = items(for: ids) + others
        if new != player.queue { player.queue = new }
    }

    /// The playable items of these episodes, those the player holds already as they are; an episode that cannot be
    /// played (its audio gone) left out.
    private func items(for ids: [Int64]) -> [NowPlaying] {
        let held = Dictionary(
            player.queue.compactMap { item in item.marks?.episodeID.map { ($0, item) } }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { id in
            if let item = held[id] { return item }
            do {
                let listing = try library.store.episode(.id(id))
                return try dispatcher.resolver.playable(listing, typed: listing.ref)
            } catch {
                printError("the queue's episode \(id) is left out: \(error)")
                return nil
            }
        }
    }
}
