import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The dispatcher writes the player's model exactly as each command says.
@MainActor
@Suite("command dispatcher")
struct DispatcherTests {
    let folder: URL
    let player = Player()
    let dispatcher: CommandDispatcher

    init() throws {
        folder = try Fixtures.temporaryDirectory()
        for name in ["one.mp3", "two.mp3", "three.mp3"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data([0]))
        }
        dispatcher = CommandDispatcher(
            player: player, skipLengths: SkipLengths(forward: 45, back: 10),
            resolver: PlayableResolver(paths: LibraryPaths(home: folder.path), directory: folder.path))
    }

    @discardableResult
    private func run(_ line: String) throws -> CommandOutput {
        try dispatcher.run(words: try Tokenizer.words(line))
    }

    @Test("commands that need an episode fail while stopped, with exit status 1")
    func needsEpisode() {
        for line in ["pause", "resume", "toggle", "seek 10", "skip", "back"] {
            #expect(throws: CommandError.self, "\(line)") { try run(line) }
        }
        #expect(player.state == .stopped)
    }

    @Test("play loads a file; pause, resume and toggle change the play state")
    func playPause() throws {
        try run("play one.mp3")
        #expect(player.current?.title == "one.mp3")
        #expect(player.current?.url == folder.appendingPathComponent("one.mp3").path)
        #expect(player.state == .playing)
        try run("pa")
        #expect(player.state == .paused)
        try run("resume")
        #expect(player.state == .playing)
        try run("toggle")
        #expect(player.state == .paused)
        try run("stop")
        #expect(player.current == nil && player.state == .stopped)
    }

    @Test("seek, skip and back become seek requests with the configured lengths")
    func seeking() throws {
        try run("play one.mp3")
        try run("seek 1:30")
        #expect(player.seekRequest?.seconds == 90 && player.seekRequest?.isRelative == false)
        try run("skip")
        #expect(player.seekRequest?.seconds == 45 && player.seekRequest?.isRelative == true)
        try run("back")
        #expect(player.seekRequest?.seconds == -10 && player.seekRequest?.isRelative == true)
    }

    @Test("relative volume and speed stay within their ranges")
    func clamping() throws {
        try run("volume 95")
        try run("volume +10")
        #expect(player.volume == 100)
        try run("volume -30")
        #expect(player.volume == 70)
        try run("speed 2.9")
        try run("speed +0.5")
        #expect(player.speed == 3)
        #expect(try run("speed -2.8").data == .number(0.5))
    }

    @Test("queue add, remove by index or name, clear, and next plays the head of the queue")
    func queue() throws {
        try run("play one.mp3")
        try run("queue add two.mp3 three.mp3")
        #expect(player.queue.map(\.title) == ["two.mp3", "three.mp3"])
        #expect(try run("queue").lines == ["1. two.mp3", "2. three.mp3"])
        try run("next")
        #expect(player.current?.title == "two.mp3")
        #expect(player.queue.map(\.title) == ["three.mp3"])
        try run("queue add one.mp3")
        try run("queue remove 1")
        #expect(player.queue.map(\.title) == ["one.mp3"])
        try run("queue remove \(folder.appendingPathComponent("one.mp3").path)")
        #expect(player.queue.isEmpty)
        #expect(throws: CommandError(.failed, "next: the queue is empty")) { try run("next") }
        try run("queue add two.mp3")
        try run("queue clear")
        #expect(player.queue.isEmpty)
    }

    @Test("cue toggles the cue line, on and off set it, anything else is refused; the cue heard follows the position")
    func cueLine() throws {
        #expect(try run("cue").lines == ["cue line shown under the now-playing line"])
        #expect(player.showsCue)
        try run("cue on")
        #expect(player.showsCue)
        try run("cue off")
        #expect(!player.showsCue)
        #expect(throws: CommandError(.invalidParameter, "cue: 'maybe' is not 'on' or 'off'")) { try run("cue maybe") }
        try run("play one.mp3")
        let id = try #require(player.current?.id)
        player.offerTranscript(
            [
                TranscriptCue(start: 1, end: 3, text: "first"), TranscriptCue(text: "untimed"),
                TranscriptCue(start: 4, end: 5, speaker: "Ann", text: "second"),
            ], for: id)
        player.offerTranscript([TranscriptCue(start: 0, text: "another episode's")], for: "elsewhere")
        let heard = { (position: Double) in
            player.position = position
            return player.currentCue?.text
        }
        #expect([0.5, 1, 2.9, 3.9, 4.5, 6.9, 7.1].map(heard) == [nil, "first", "first", "first", "second", "second", nil])
        try run("play two.mp3")
        #expect(player.transcript.isEmpty, "a new episode starts without the last one's transcript")
    }

    @Test("silence and normalize set the model; the status line, the status text and status --json say so")
    func listeningSwitches() throws {
        try run("play one.mp3")
        #expect(try run("silence on").lines == ["skip silence on"])
        try run("normalize on")
        player.timeSaved = 42.4
        #expect(player.skipSilence && player.normalize)
        #expect(StatusLine.text(player).hasSuffix("saved 0:42  even"), "\(StatusLine.text(player))")
        let status = try run("status")
        #expect(status.lines.last?.contains("skip silence (saved 0:42)  normalized") == true, "\(status.lines)")
        #expect(status.data.rendered.contains(#""skip_silence":true,"time_saved":42.4,"normalize":true"#), "\(status.data.rendered)")
        try run("silence off")
        #expect(!StatusLine.text(player).contains("saved"))
        #expect(throws: CommandError(.invalidParameter, "silence: missing argument (usage: silence on|off)")) { try run("silence") }
    }

    @Test("a name that is no file, URL or reference is unreadable (exit 2); a missing episode too")
    func unreadable() {
        for line in ["play missing.mp3", "play show/3", "queue add 42"] {
            do {
                try run(line)
                Issue.record("\(line) was accepted")
            } catch let error as CommandError {
                #expect(error.exitStatus == 2, "\(line)")
            } catch {
                Issue.record("\(error)")
            }
        }
        #expect(player.queue.isEmpty && player.current == nil)
    }

    @Test("sleep sets, clears and ends at the episode's end")
    func sleep() throws {
        try run("sleep end")
        #expect(player.sleep == .endOfEpisode)
        try run("sleep 10m")
        guard case .at(let date)? = player.sleep else {
            Issue.record("no timer")
            return
        }
        #expect(abs(date.timeIntervalSinceNow - 600) < 60)
        try run("sleep off")
        #expect(player.sleep == nil)
    }

    @Test("status --json has the documented members in order")
    func statusJSON() throws {
        try run("play one.mp3")
        try run("queue add two.mp3")
        try run("volume 40")
        let text = try run("status --json").data.rendered
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["state"] as? String == "playing")
        #expect((object["episode"] as? [String: Any])?["title"] as? String == "one.mp3")
        #expect(object["volume"] as? Int == 40)
        #expect((object["queue"] as? [String])?.count == 1)
        #expect(text.hasPrefix(#"{"state":"playing","episode":{"ref":null,"title":"one.mp3""#))
        for key in ["position", "duration", "speed", "sleep"] { #expect(object.keys.contains(key)) }
    }
}
