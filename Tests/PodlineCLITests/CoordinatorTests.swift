import AudioEngine
import DataFlow
import Foundation
import PodcastKit
import Testing

@testable import Playback
@testable import PodlineApp
@testable import PodlineCLI

/// The coordinator without sound: a test engine client records what the model's changes ask of the engine.
@MainActor
@Suite("the playback coordinator")
struct CoordinatorTests {
    /// What the coordinator asked of the engine, in order.
    @MainActor
    final class EngineLog {
        var calls: [String] = []
        var loads: Int { calls.filter { $0.hasPrefix("load") }.count }

        var client: EngineClient {
            EngineClient(
                load: { source, start, paused, _ in
                    guard case .file(let path) = source else { return }
                    self.calls.append("load \(path) at \(start.plainText)\(paused ? " paused" : "")")
                },
                pause: { _ in self.calls.append("pause") },
                resume: { _ in self.calls.append("resume") },
                stop: { reason in self.calls.append("stop \(reason.rawValue)") },
                seek: { seconds, relative in self.calls.append("seek \(relative ? "by" : "to") \(seconds.plainText)") },
                setVolume: { volume, _ in self.calls.append("volume \(volume.plainText)") },
                setSpeed: { speed in self.calls.append("speed \(speed.plainText)") },
                prepare: { location in self.calls.append("prepare \(location)") }
            )
        }
    }

    let player = Player()
    let log = EngineLog()
    let host: ViewHost<CoordinatorRoot<EmptyView>>

    init() {
        var settings = Settings()
        settings.speed = 1.25
        settings.shows["fast-show", default: ShowSettings()].speed = 2
        let playback = PlaybackSettings(settings)
        let coordinator = PlaybackCoordinator(
            engine: log.client, journal: PlaybackJournal(library: nil, settings: playback, warn: { Issue.record("warned: \($0)") }),
            settings: playback,
            source: { .file(path: $0.url) }, ticks: PassthroughSubject<Date, Never>().eraseToAnyPublisher(), sleep: { _ in }
        )
        host = ViewHost(CoordinatorRoot(coordinator: coordinator, player: player))
        host.update()
        log.calls.removeAll()
    }

    private func item(_ name: String, ref: String? = nil, start: Double? = nil) -> NowPlaying {
        NowPlaying(ref: ref, title: name, url: "/music/\(name)", start: start)
    }

    @Test("an episode is loaded once, at the configured speed")
    func loadsOnce() {
        player.load(item("a.mp3"))
        host.update()
        // The engine has the speed before the load (its first frames are at it); the model's observer then says it
        // again, which the engine passes over.
        #expect(log.calls == ["speed 1.25", "load /music/a.mp3 at 0", "speed 1.25"])
        player.volume = 40
        host.update()
        #expect(log.loads == 1)
    }

    @Test("pause while paused asks the engine nothing more")
    func pauseWhilePaused() {
        player.load(item("a.mp3"))
        host.update()
        player.isPlaying = false
        host.update()
        player.isPlaying = false
        host.update()
        #expect(log.calls.filter { $0 == "pause" }.count == 1)
    }

    @Test("speed while paused changes the speed only: the episode is not planned again and the position stays")
    func speedWhilePaused() {
        player.load(item("a.mp3", start: 42))
        host.update()
        player.position = 50
        player.isPlaying = false
        host.update()
        log.calls.removeAll()
        player.speed = 1.5
        host.update()
        #expect(log.calls == ["speed 1.5"])
        #expect(player.position == 50)
        #expect(player.state == .paused)
    }

    @Test("a seek asked for while the episode loads reaches the engine after the load")
    func seekWhileLoading() {
        player.load(item("a.mp3"))
        player.seek(to: 30)
        host.update()
        let load = log.calls.firstIndex(of: "load /music/a.mp3 at 0")
        let seek = log.calls.firstIndex(of: "seek to 30")
        #expect(load != nil && seek != nil && load! < seek!, "\(log.calls)")
    }

    @Test("end of episode: the next queued one loads at its show's speed; the last one stops the engine")
    func endOfEpisodeAdvances() {
        player.load(item("a.mp3"))
        player.queue = [item("b.mp3", ref: "fast-show/2", start: 0)]
        host.update()
        log.calls.removeAll()
        player.advance(because: .eof)
        host.update()
        #expect(log.calls == ["speed 2", "load /music/b.mp3 at 0", "speed 2"])
        player.advance(because: .eof)
        host.update()
        #expect(log.calls.last == "stop eof")
        #expect(player.current == nil)
    }

    @Test("the next queued episode is readied while this one plays, once for each next one")
    func nextIsReadied() {
        player.load(item("a.mp3"))
        player.queue = [item("b.m4a"), item("c.opus")]
        host.update()
        #expect(log.calls.filter { $0.hasPrefix("prepare") } == ["prepare /music/b.m4a"])
        log.calls.removeAll()
        player.advance(because: .eof)
        host.update()
        #expect(log.calls.filter { $0.hasPrefix("prepare") } == ["prepare /music/c.opus"])
        log.calls.removeAll()
        player.advance(because: .eof)
        host.update()
        #expect(!log.calls.contains { $0.hasPrefix("prepare") })
    }

    @Test("an item's own speed (--speed) wins over its show's")
    func itemSpeedWins() {
        var fast = item("b.mp3", ref: "fast-show/2", start: 0)
        fast.speed = 0.75
        player.load(fast)
        host.update()
        #expect(player.speed == 0.75)
        #expect(log.calls.contains("speed 0.75"))
    }
}
