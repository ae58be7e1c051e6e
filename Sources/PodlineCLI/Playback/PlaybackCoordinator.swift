import AudioEngine
import DataFlow
import Foundation
import PodcastKit

/// Drives the engine from the Player model, the way the seeds' views react to `isPlaying` in onChange.
///
/// Handlers never write the engine directly: they only change the model, and these observers turn
/// each change into an engine command. An animated change (withAnimation, Binding.animation) becomes a
/// fade of the animation's duration.
struct PlaybackCoordinator: View {
    @Environment(Player.self) private var player
    let engine: PlaybackEngine
    let resolve: @MainActor (NowPlaying) -> (source: EngineSource, start: Double, limit: Double?)
    let persist: @MainActor (PersistMoment) -> Void
    let ticks: AnyPublisher<Date, Never>

    var body: some View {
        Group {
            if let item = player.current {
                let plan = resolve(item)
                EpisodeSessionView(
                    makeSession: DecoderSession(item: item, engine: engine, source: plan.source, start: plan.start, limit: plan.limit),
                    isPlaying: player.isPlaying
                )
                .id(item.id)
            }
        }
        .onChange(of: player.isPlaying) { _, playing in
            guard player.current != nil else { return }
            let fade = Transaction.current.animation?.duration ?? 0
            if playing {
                engine.resume(fade: fade)
            } else {
                engine.pause(fade: fade)
                persist(.paused)
            }
        }
        .onChange(of: player.current?.id) { old, new in
            if old != nil && new == nil {
                engine.stop(reason: player.lastEnd.map { EngineEndReason(rawValue: $0.rawValue) ?? .stop } ?? .stop)
            }
        }
        .onChange(of: player.volume, initial: true) { _, volume in
            engine.setVolume(volume, fade: Transaction.current.animation?.duration ?? 0)
        }
        .onChange(of: player.speed, initial: true) { _, speed in
            engine.setSpeed(speed)
        }
        .onChange(of: player.seekRequest) { _, request in
            guard let request else { return }
            engine.seek(request.seconds, relative: request.isRelative)
        }
        .onReceive(ticks) { now in
            guard case let .at(deadline)? = player.sleep, now >= deadline, player.isPlaying else { return }
            player.sleep = nil
            persist(.sleeping)
        }
    }
}

/// Why the session saves the position now.
enum PersistMoment: Sendable {
    case periodic, paused, stopped, quitting, sleeping
}
