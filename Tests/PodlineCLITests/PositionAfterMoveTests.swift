import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp

/// A move answered at once by a pause or a stop is kept where the player stands: the library's position is the player's
/// clock, not where the episode was before the move, whichever comes first, the engine's report of the move or the pause.
@Suite("a move then a pause keeps the player's place", .serialized)
struct PositionAfterMoveTests {
    @Test("seek +30 then pause at once, seek while paused, then stop: each saved within 0.5 s of the player's clock")
    func seekThenPause() throws {
        let (root, home, runtime) = try Self.folders("pl-move-pause")
        defer { try? FileManager.default.removeItem(at: root) }
        let audio = try Fixtures.toneMP3(in: root, name: "long.mp3", seconds: 300, rate: 22_050, channels: 1, bitrate: 32)
        try LibraryEditTests.subscribe(1, audio: audio, home: home)
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": runtime.path]
        let log = root.appendingPathComponent("player.stderr")
        let player = try BackgroundProcess.podline(
            ["play", "edits/1", "--output", "null", "--quiet"], home: home, environment: environment, stderr: log)
        defer { if player.process.isRunning { player.killNow() } }
        let location = ControlLocation(directory: runtime.path + "/podline")
        _ = poll(timeout: 20, every: 0.05, { FileManager.default.fileExists(atPath: location.socketPath) }, until: { $0 })
        let client = try #require(ControlClient.waitingForPlayer(at: location, seconds: 20), "no control socket")
        func status() throws -> PlayerStatus {
            let answer = try client.request(["status"])
            return try #require(answer.data(as: PlayerStatus.self), "status: \(answer.error)")
        }
        func saved() throws -> Double {
            let listed = try PodlineBinary.run(["episodes", "--json"], home: home, environment: environment)
            let episodes = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
            return try #require(episodes.first?["position"] as? Double, "\(listed.stdout)")
        }
        /// The saved position once it reaches `target`, or after 2 s the last one read.
        func savedNear(_ target: Double) throws -> Double {
            var last = -1.0
            _ = poll(
                timeout: 2, every: 0.1,
                {
                    last = (try? saved()) ?? -1
                    return last
                }, until: { abs($0 - target) <= 0.5 })
            return last
        }
        let playing = poll(timeout: 20, every: 0.05, { try? status() }, until: { ($0?.position ?? 0) > 1 })
        try #require(playing?.state == "playing", "never playing: \(String(describing: playing))")
        // Played past the save interval, so that a save of the place before the move is there to be mistaken for it.
        usleep(2_500_000)
        let before = try status().position

        // The two requests back to back on one connection: the pause reaches the player before the seek's report can.
        #expect(try client.request(["seek", "+30"]).succeeded)
        #expect(try client.request(["pause"]).succeeded)
        let paused = try #require(poll(timeout: 5, every: 0.1, { try? status() }, until: { $0?.state == "paused" }))
        usleep(300_000)
        let clock = try status().position
        #expect(clock >= before + 29, "the seek did not move: \(before) s, then \(clock) s")
        let afterPause = try savedNear(clock)
        #expect(abs(afterPause - clock) <= 0.5, "paused at \(clock) s (\(paused.position) s first), saved at \(afterPause) s")

        // A seek while paused is kept at once: no report of listening follows it to save it later.
        #expect(try client.request(["seek", "200"]).succeeded)
        let moved = try #require(poll(timeout: 5, every: 0.1, { try? status() }, until: { abs(($0?.position ?? 0) - 200) < 0.5 }))
        let afterSeek = try savedNear(moved.position)
        #expect(abs(afterSeek - moved.position) <= 0.5, "moved while paused to \(moved.position) s, saved at \(afterSeek) s")

        // A seek answered by a stop at once: the stop keeps the new place.
        #expect(try client.request(["seek", "-100"]).succeeded)
        #expect(try client.request(["stop"]).succeeded)
        #expect(player.wait(timeout: 20) == 0, "\((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        let afterStop = try saved()
        #expect(abs(afterStop - 100) <= 0.5, "seek -100 from \(moved.position) s then stop: saved at \(afterStop) s")
    }

    @Test("with [sync] set, a seek forward ends one play and begins another: no play queued spans what was skipped")
    func seekSplitsPlays() throws {
        let (root, home, runtime) = try Self.folders("pl-move-sync")
        defer { try? FileManager.default.removeItem(at: root) }
        let served = root.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        _ = try Fixtures.toneMP3(in: served, name: "long.mp3", seconds: 300, rate: 22_050, channels: 1, bitrate: 32)
        let web = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Moves</title>
        <item><title>Long</title><guid>long-1</guid><itunes:duration>300</itunes:duration>\
        <enclosure url="\(web.url("long.mp3"))" type="audio/mpeg"/></item>
        </channel></rss>
        """.write(to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        // A server nobody asks: the plays wait in the queue, where this test reads them.
        try SyncTests.configure(home, server: "http://127.0.0.1:9")
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": runtime.path]
        let added = try SyncTests.podline(["add", web.url("feed.xml")], home: home, environment: environment)
        try #require(added.status == 0, "\(added.stderr)")
        let log = root.appendingPathComponent("player.stderr")
        let player = try BackgroundProcess.podline(
            ["play", "moves/1", "--output", "null", "--quiet"], home: home,
            environment: environment.merging(["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]) { $1 }, stderr: log)
        defer { if player.process.isRunning { player.killNow() } }
        let location = ControlLocation(directory: runtime.path + "/podline")
        _ = poll(timeout: 20, every: 0.05, { FileManager.default.fileExists(atPath: location.socketPath) }, until: { $0 })
        let client = try #require(ControlClient.waitingForPlayer(at: location, seconds: 20), "no control socket")
        func position() -> Double {
            (try? client.request(["status"]).data(as: PlayerStatus.self))?.position ?? -1
        }
        let errors = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        try #require(poll(timeout: 20, every: 0.05, position, until: { $0 > 4 }) > 4, "never played: \(errors())")
        #expect(try client.request(["seek", "+60"]).succeeded)
        try #require(poll(timeout: 10, every: 0.05, position, until: { $0 > 67 }) > 67, "never heard past the seek: \(errors())")
        #expect(try client.request(["stop"]).succeeded)
        #expect(player.wait(timeout: 20) == 0, "\(errors())")

        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        let plays = try store.queuedActions().map(\.action).filter { $0.kind == .play }
        let spans = plays.map { "\($0.started ?? -1)–\($0.position ?? -1)" }
        #expect(plays.count >= 2, "plays queued: \(spans)")
        // Heard: from 0 to about 5 s, then from about 65 s on; nothing between 10 and 60 was heard.
        #expect(plays.allSatisfy { ($0.started ?? 0) >= 60 || ($0.position ?? 0) <= 10 }, "a play spans the skip: \(spans)")
        #expect(plays.contains { ($0.started ?? 0) >= 60 }, "no play after the seek: \(spans)")
    }

    /// A temporary folder with the library's home and a private runtime folder (mode 700) in it.
    private static func folders(_ prefix: String) throws -> (root: URL, home: URL, runtime: URL) {
        let root = try Fixtures.temporaryDirectory(prefix)
        let home = root.appendingPathComponent("home")
        let runtime = root.appendingPathComponent("run")
        for folder in [home, runtime] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        chmod(runtime.path, 0o700)
        return (root, home, runtime)
    }
}
