import Foundation
import PodcastKit

/// `queue` where no player runs: the library's queue (the playlist `queue`), listed or changed in the library, with
/// the answer a player gives. It holds episodes only: a file or a URL is queued in a running player.
@MainActor
package enum LibraryQueue {
    /// Carries out `action` on the library's queue; the answer is the queue as it is then.
    package static func run(
        _ action: QueueAction, editor: LibraryEditor, resolver: PlayableResolver
    ) throws(CommandError) -> CommandOutput {
        // Where there is no library yet, the queue is empty, and listing it makes none.
        if action == .list, !FileManager.default.fileExists(atPath: editor.paths.database.path) {
            return CommandOutput(value: [ItemSummary](), lines: [])
        }
        do {
            let store = try editor.library().store
            let editing = PlaylistEditing(store: store) { change throws(StoreError) in try editor.record(change) }
            // Every library has the queue (a show's name does not stand in its way, as it does for other playlists).
            let queue =
                try store.playlist(named: PlaylistRecord.queueName) ?? store.createPlaylist(named: PlaylistRecord.queueName, query: nil)
            let queued = try store.queueEpisodeIDs()
            switch action {
            case .list:
                break
            case .add(let texts):
                var ids: [Int64] = []
                for text in texts {
                    for item in try resolved(text, resolver) {
                        guard let id = item.marks?.episodeID else {
                            throw CommandError(
                                .invalidParameter, "queue add: \(text): no player runs; files and URLs are queued in a running player")
                        }
                        ids.append(id)
                    }
                }
                try editing.add(ids, to: queue, atHead: false)
            case .remove(let text):
                let id: Int64
                if let index = Int(text), queued.indices.contains(index - 1) {
                    id = queued[index - 1]
                } else if let listing = try? EpisodeLookup.require(text, in: store), let episodeID = listing.episode.id,
                    queued.contains(episodeID)
                {
                    id = episodeID
                } else {
                    throw CommandError(.failed, "queue remove: '\(text)' is not in the queue")
                }
                try editing.remove([id], from: queue)
            case .clear:
                try editing.replace(queue, with: [])
            }
            let items = try store.queueEpisodeIDs().compactMap { id -> NowPlaying? in
                let listing = try store.episode(.id(id))
                return try? resolver.playable(listing, typed: listing.ref)
            }
            let lines = ListOutput.lines(QueueListView(titles: items.map(\.title), style: .standardOutput()))
            return CommandOutput(value: items.map(ItemSummary.init), lines: lines)
        } catch let error as CommandError {
            throw error
        } catch let error as StoreError {
            throw CommandError(error)
        } catch {
            throw CommandError(.failed, "queue: \(error)")
        }
    }

    /// What `text` names, as `play` reads it.
    private static func resolved(_ text: String, _ resolver: PlayableResolver) throws(CommandError) -> [NowPlaying] {
        do {
            return try resolver.resolveAll(text)
        } catch {
            throw CommandError(.unreadable, "queue add: \(error.description)")
        }
    }
}
