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
