import AudioEngine
import DataFlow
import Dispatch
import Foundation
import PodcastKit
import Testing

@testable import Playback
@testable import PodlineApp
@testable import PodlineCLI

/// The playback session with a test engine, without sound: what it asks of the engine when it starts, plays, hands
/// over to the next episode, ends and stops, and what the engine's events do to the player.
@MainActor
@Suite("playback session with a test engine")
struct SessionWithTestEngineTests {
    /// A test engine: records what the session asks of it and lets the test report events as the engine's thread does.
    /// Every endpoint records an issue unless the test expects it (`recording`): a call nobody expected fails.
    @MainActor
    final class TestEngine {
        var calls: [String] = []
        var report: (@Sendable (EngineEvent) -> Void)?
        /// The endpoints the test expects to be called.
        var expected: Set<String> = []

        /// The factory a session makes its engine with.
        var factory: EngineFactory {
            { _, report in
                self.report = report
                return self.client
            }
        }

        private func called(_ endpoint: String, _ detail: String = "") {
            if !expected.contains(endpoint) { Issue.record("the engine's \(endpoint) was called, unexpected") }
            calls.append(detail.isEmpty ? endpoint : "\(endpoint) \(detail)")
        }

        private var client: EngineClient {
            EngineClient(
                load: { source, start, paused, _ in
                    guard case .file(let path) = source else {
                        self.called("load", "a stream")
                        return
                    }
                    self.called("load", "\(path) at \(start.plainText)\(paused ? " paused" : "")")
                },
                pause: { _ in self.called("pause") },
                resume: { _ in self.called("resume") },
                stop: { self.called("stop", $0.rawValue) },
                seek: { seconds, _ in self.called("seek", seconds.plainText) },
                setVolume: { volume, _ in self.called("setVolume", volume.plainText) },
                setSpeed: { self.called("setSpeed", $0.plainText) },
                setSkipSilence: { self.called("setSkipSilence", "\($0)") },
                setLoudness: { _ in self.called("setLoudness") },
                setVoiceBoost: { self.called("setVoiceBoost", "\($0)") },
                setEndEarly: { self.called("setEndEarly", $0.plainText) },
                setOutput: { _ in self.called("setOutput") },
                shutdown: { self.called("shutdown") })
        }

        /// Reports `events` from another thread, as the engine does, and returns once the session took them in.
        func send(_ events: EngineEvent...) async {
            guard let report else {
                Issue.record("no session made this engine")
                return
            }
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    for event in events { report(event) }
                    DispatchQueue.main.async { done.resume() }
                }
            }
        }
    }

    /// A service that records its start and stop.
    final class Service: PlayerService {
        var log: [String] = []
        func start() { log.append("start") }
        func stop() { log.append("stop") }
    }

    let engine = TestEngine()
    let player = Player()
    let session: PlaybackSession<EmptyView>

    init() {
        // Setting up the session tells the engine the player's settings: expected only here.
        engine.expected = ["setVolume", "setSpeed", "setSkipSilence", "setVoiceBoost", "setLoudness", "setEndEarly"]
        session = PlaybackSession(
            output: OutputSpec(driver: "null"), library: nil, settings: Settings(), player: player, companion: EmptyView(),
            warn: { Issue.record("warned: \($0)") }, engine: engine.factory)
        engine.calls.removeAll()
    }

    private func item(_ name: String) -> NowPlaying { NowPlaying(title: name, url: "/music/\(name).mp3") }

    @Test("start brings the services up; loading an episode loads it once; stop saves, stops the services, shuts the engine")
    func startLoadStop() {
        let service = Service()
        session.services = [service]
        session.start()
        #expect(service.log == ["start"])
        engine.expected.insert("load")
        player.load(item("one"))
        session.update()
        #expect(engine.calls.filter { $0.hasPrefix("load") } == ["load /music/one.mp3 at 0"])
        engine.expected.insert("shutdown")
        session.stop()
        #expect(service.log == ["start", "stop"])
        #expect(engine.calls.last == "shutdown")
    }

    @Test("the engine's start gives the player its length, its positions move it, and pause and resume reach the engine")
    func eventsMoveThePlayer() async {
        session.start()
        defer { session.stop() }
        engine.expected.formUnion(["load", "pause", "resume", "shutdown"])
        player.load(item("one"))
        session.update()
        await engine.send(.loaded, .started(duration: 180), .position(12.5))
        #expect(player.duration == 180 && player.position == 12.5)
        player.isPlaying = false
        session.update()
        player.isPlaying = true
        session.update()
        #expect(engine.calls.suffix(2) == ["pause", "resume"])
    }

    @Test("an episode's end hands over to the next queued one; the last one's end ends the session")
    func handOverAndEnd() async {
        session.start()
        // The last end unloads the episode, which the coordinator passes on as a stop.
        engine.expected.formUnion(["load", "stop", "shutdown"])
        player.queue = [item("two")]
        player.load(item("one"))
        session.update()
        await engine.send(.loaded, .started(duration: 60), .ended(.eof, error: nil))
        session.update()
        #expect(player.current?.title == "two")
        #expect(engine.calls.filter { $0.hasPrefix("load") } == ["load /music/one.mp3 at 0", "load /music/two.mp3 at 0"])
        await engine.send(.loaded, .started(duration: 60), .ended(.eof, error: nil))
        #expect(player.current == nil)
        // Nothing is left to play: the session has ended.
        let error = await session.ended()
        #expect(error == nil)
        session.stop()
    }

    @Test("what the engine said of an episode already replaced is not taken for the new one's")
    func staleEventsIgnored() async {
        session.start()
        defer { session.stop() }
        engine.expected.formUnion(["load", "stop", "shutdown"])
        player.load(item("one"))
        session.update()
        player.load(item("two"))
        session.update()
        // The end of the first, before the engine took the second load: not the second's end.
        await engine.send(.loaded, .ended(.stop, error: nil))
        #expect(player.current?.title == "two")
        await engine.send(.loaded, .started(duration: 30))
        #expect(player.duration == 30)
    }
}
