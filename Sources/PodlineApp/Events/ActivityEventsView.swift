import DataFlow
import PodcastKit

/// A view with no lines whose rows observe each download and feed refresh and turn their changes into events.
package struct ActivityEventsView: View {
    package let activity: LibraryActivity
    package let emit: @MainActor (PlayerEvent) -> Void

    package var body: some View {
        ForEach(activity.transfers) { transfer in
            EmptyView().onChange(of: transfer, initial: true) { _, now in
                emit(.downloadProgress(ref: now.ref, bytes: now.bytes, total: now.total))
            }
        }
        ForEach(activity.refreshes) { refresh in
            EmptyView().onChange(of: refresh, initial: true) { _, now in
                if let failure = now.failure {
                    emit(.error("\(now.show): \(failure)"))
                } else {
                    emit(.feedUpdated(show: now.show, newEpisodes: now.newEpisodes))
                }
            }
        }
    }
}

/// Everything a player's event stream observes: the player and the library activity reported to it.
package struct EventsRootView: View {
    package let player: Player
    package let activity: LibraryActivity
    package let emit: @MainActor (PlayerEvent) -> Void

    package var body: some View {
        PlayerEventsView(player: player, emit: emit)
        ActivityEventsView(activity: activity, emit: emit)
    }
}
