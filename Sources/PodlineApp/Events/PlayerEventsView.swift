import DataFlow
import PodcastKit

/// A view with no lines whose change observers turn the player's changes into events, as mpv's observe_property does.
package struct PlayerEventsView: View {
    package let player: Player
    package let emit: @MainActor (PlayerEvent) -> Void

    package var body: some View {
        EmptyView()
            .onChange(of: player.shownState) { _, state in
                emit(.propertyChange(name: "state", data: .string(state)))
            }
            .onChange(of: player.position) { _, position in
                emit(.propertyChange(name: "position", data: .number(position)))
            }
            .onChange(of: player.volume) { _, volume in
                emit(.propertyChange(name: "volume", data: .number(volume)))
            }
            .onChange(of: player.speed) { _, speed in
                emit(.propertyChange(name: "speed", data: .number(speed)))
            }
            .onChange(of: player.queue.map(\.id)) { _, ids in
                emit(.propertyChange(name: "queue", data: .array(ids.map { .string($0) })))
            }
            .onChange(of: StatusReport.currentEpisode(player)) { old, new in
                // The same episode with other marks (a `mark` or `fav` of it), or with the length the player found for
                // it when its feed gives none, is a property change only.
                let another = old?.id != new?.id
                if another, let old { emit(.episodeEnded(ItemSummary(old), reason: player.lastEnd ?? .stop)) }
                emit(.propertyChange(name: "episode", data: new.map { ItemSummary($0).json } ?? .null))
                if another, let new { emit(.episodeStarted(ItemSummary(new))) }
            }
            .onChange(of: player.currentChapter?.number) { _, _ in
                // A stop unloads the episode and its chapters: episode-ended says so, and no chapter was entered.
                guard player.current != nil else { return }
                emit(.chapterChanged(StatusReport.chapter(player)))
            }
            .onChange(of: player.skipped) { _, skipped in
                guard let skipped else { return }
                switch skipped.reason {
                case .chapter: emit(.chapterSkipped(title: skipped.title, from: skipped.from, to: skipped.to))
                case .inserted: emit(.insertedSkipped(from: skipped.from, to: skipped.to))
                case .phrase: emit(.phraseSkipped(phrase: skipped.title ?? "", from: skipped.from, to: skipped.to))
                }
            }
            .onChange(of: player.outputAvailable) { _, available in
                emit(.propertyChange(name: "output_available", data: .bool(available)))
            }
            .onChange(of: player.lastError) { _, message in
                if let message { emit(.error(message)) }
            }
    }
}
