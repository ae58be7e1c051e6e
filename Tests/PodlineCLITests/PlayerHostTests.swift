import AudioEngine
import DataFlow
import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import Playback
@testable import PodlineApp

/// The player's host, with a test engine and without sound: one start serves the socket and plays along, one stop ends
/// both; a second host finds the socket taken.
@MainActor
@Suite("the player's host", .serialized)
struct PlayerHostTests {
    let engine = SessionWithTestEngineTests.TestEngine()
    let location: ControlLocation

    init() throws {
        location = ControlLocation(directory: try Fixtures.temporaryDirectory("podline-host").path)
        engine.expected = ["setVolume", "setSpeed", "setSkipSilence", "setVoiceBoost", "setLoudness", "setEndEarly", "load", "shutdown"]
    }

    private func host(sessions: Box) -> PlayerHost<EmptyView> {
        PlayerHost(dispatcher: CommandDispatcher(player: Player()), location: location) { dispatcher in
            sessions.made += 1
            return PlaybackSession(
                output: OutputSpec(driver: "null"), library: nil, settings: Settings(), player: dispatcher.player,
                companion: EmptyView(), warn: { Issue.record("warned: \($0)") }, engine: engine.factory)
        }
    }

    /// How many sessions a host made.
    final class Box { var made = 0 }

    @Test("start serves the socket and plays; a client's command reaches the player; stop ends the session and the socket")
    func startAndStop() async throws {
        let sessions = Box()
        let host = host(sessions: sessions)
        try host.start(whenSocketTaken: .fail)
        #expect(sessions.made == 1 && host.control.isRunning)
        #expect(FileManager.default.fileExists(atPath: location.socketPath))
        let location = location
        let answer = try await Task.detached {
            try ControlClient(location: location).request(["volume", "30"])
        }.value
        #expect(answer.succeeded && host.player.volume == 30)
        host.player.load(NowPlaying(title: "one", url: "/music/one.mp3"))
        host.session.update()
        #expect(engine.calls.contains("load /music/one.mp3 at 0"))
        host.stop()
        #expect(!host.control.isRunning && engine.calls.last == "shutdown")
        #expect(!FileManager.default.fileExists(atPath: location.socketPath))
    }

    @Test("a second host finds the socket taken: it fails and makes no session, or plays without the socket")
    func socketTaken() throws {
        let first = host(sessions: Box())
        try first.start(whenSocketTaken: .fail)
        defer { first.stop() }
        let sessions = Box()
        let second = host(sessions: sessions)
        #expect(throws: ControlError.self) { try second.start(whenSocketTaken: .fail) }
        #expect(sessions.made == 0 && !second.control.isRunning)
        let third = host(sessions: sessions)
        try third.start(whenSocketTaken: .playWithout)
        #expect(sessions.made == 1 && !third.control.isRunning)
        third.stop()
        #expect(first.control.isRunning)
    }
}
