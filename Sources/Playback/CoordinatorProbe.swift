import DataFlow
import Foundation
import PodcastKit

/// Measures what one model change costs the playback coordinator, without sound: the engine client does nothing and
/// the journal has no library. For the benchmarks.
public enum CoordinatorProbe {
    /// Nanoseconds per change, median of `rounds`: a position report (the engine's ~10 Hz path, written to the model
    /// and seen by the position observer) and a volume change (an observer that commands the engine), each with
    /// its `update()`.
    @MainActor
    public static func nanosecondsPerChange(changes: Int = 100_000) -> (position: Double, volume: Double) {
        let player = Player()
        let idle = EngineClient.noop
        let settings = PlaybackSettings()
        let coordinator = PlaybackCoordinator(
            engine: idle, journal: PlaybackJournal(library: nil, settings: settings, warn: { _ in }), settings: settings,
            source: { .file(path: $0.url) }, ticks: PassthroughSubject<Date, Never>().eraseToAnyPublisher(), sleep: { _ in })
        let host = ViewHost(CoordinatorRoot(coordinator: coordinator, player: player))
        player.load(NowPlaying(title: "probe", url: "/dev/null"))
        host.update()
        func time(_ change: (Int) -> Void) -> Double {
            for index in 0..<1_000 {
                change(index)
                host.update()
            }
            let start = DispatchTime.now().uptimeNanoseconds
            for index in 0..<changes {
                change(index)
                host.update()
            }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(changes)
        }
        let position = time { player.position = Double($0) * 0.1 }
        let volume = time { player.volume = Double($0 % 100) }
        return (position, volume)
    }
}
