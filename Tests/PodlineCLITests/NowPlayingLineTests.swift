import Foundation
import TestSupport
import Testing

/// `podline play` on a terminal (tmux): the now-playing line, redrawn in place, and its keys.
@Suite("the now-playing line", .serialized)
struct NowPlayingLineTests {
    @Test("play on a terminal shows show, title, position, volume and speed; keys pause, skip, change volume and speed, quit")
    func keys() throws {
        let folder = try Fixtures.temporaryDirectory("pl-now")
        let episode = try Fixtures.toneMP3(
            in: folder, name: "long.mp3", seconds: 90, frequency: 440, rate: 22_050, channels: 1, bitrate: 32)
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let tmux = try TmuxSession(podline: ["play", episode.path], folder: folder, sound: sound)
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("▶ long.mp3  0:01 / 1:30  vol 100  1x") }
        tmux.send(["Space"])
        try tmux.waitFor { $0.contains("⏸ long.mp3") }
        tmux.send(["]", "]", "-"])
        try tmux.waitFor { $0.contains("vol 95  1.2x") }
        tmux.send(["Space", "Right"])
        try tmux.waitFor { screen in screen.contains("▶ long.mp3  0:3") }
        // The line is redrawn in place: one line on the screen, not one per update.
        #expect(try tmux.screen().components(separatedBy: "long.mp3").count == 2)
        let status = try PodlineBinary.run(["status", "--json"], home: folder, environment: ["XDG_RUNTIME_DIR": folder.path])
        #expect(status.stdout.contains(#""speed":1.2"#) && status.stdout.contains(#""volume":95"#), "\(status.stdout)")
        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    @Test("b keeps a bookmark of a library episode where it plays, and says its number; of a file it says why not")
    func bookmarkKey() throws {
        let folder = try Fixtures.temporaryDirectory("pl-now-mark")
        let episode = try Fixtures.toneMP3(in: folder, name: "talk.mp3", seconds: 60, rate: 22_050, channels: 1, bitrate: 32)
        let feed = folder.appendingPathComponent("feed.xml")
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Marks</title>
        <item><title>Talk</title><guid>talk-1</guid><enclosure url="file://\(episode.path)" type="audio/mpeg" length="1"/></item>
        </channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", feed.path], home: folder).status == 0)
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let tmux = try TmuxSession(podline: ["play", "marks/1"], folder: folder, sound: sound)
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("▶ Talk — Marks  0:01") }
        tmux.send(["b"])
        try tmux.waitFor { $0.contains("bookmark/1 at 0:0") }
        let marks = try PodlineBinary.run(["bookmarks", "--json"], home: folder, environment: ["XDG_RUNTIME_DIR": folder.path])
        let list = try #require(try JSONSerialization.jsonObject(with: marks.stdoutData) as? [[String: Any]])
        #expect(list.count == 1 && list[0]["ref"] as? String == "marks/1", "\(marks.stdout)")
        #expect((1...8).contains(list[0]["position"] as? Double ?? 0), "\(list)")
        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }

        let file = try TmuxSession(podline: ["play", episode.path], folder: folder, sound: sound)
        defer { file.kill() }
        try file.waitFor { $0.contains("▶ talk.mp3") }
        file.send(["b"])
        try file.waitFor { $0.contains("bookmark: the player plays") && $0.contains("talk.mp3, which") }
        file.send(["q"])
        try file.waitFor { $0.contains("EXITED 0") }
    }

    @Test("no line when standard output is not a terminal, or with --quiet")
    func notOnAPipe() throws {
        let folder = try Fixtures.temporaryDirectory("pl-now-pipe")
        let episode = try Fixtures.toneMP3(in: folder, name: "short.mp3", seconds: 1)
        let out = folder.appendingPathComponent("out.wav")
        let piped = try PodlineBinary.run(["play", episode.path, "--output", "wav:\(out.path)"], home: folder)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.isEmpty, "\(piped.stdout)")
        let quiet = try PodlineBinary.run(["play", episode.path, "--quiet", "--output", "wav:\(out.path)"], home: folder)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet.stdout) \(quiet.stderr)")
    }
}
