import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The event stream: produced by change observers, throttled, always valid JSON.
@MainActor
@Suite("events")
struct EventsTests {
    nonisolated static let nastyTitles = [
        "line\nbreak", "quote\" and \\ backslash", "tab\tbell\u{07}nul\u{00}", "\u{1B}[31mred\u{1B}[0m",
        "separators \u{2028}\u{2029}", "中文 ☕️ 👩‍👩‍👧", String(decoding: [0x41, 0xFF, 0xFE, 0x42], as: UTF8.self),
    ]

    @Test("every event is one line of valid JSON whatever the title holds", arguments: nastyTitles)
    func validJSON(title: String) throws {
        let item = NowPlaying(ref: "show/1", title: title, show: title, url: "/x/\(title).mp3", duration: 12.5)
        for event in [
            PlayerEvent.episodeStarted(ItemSummary(item)), .episodeEnded(ItemSummary(item), reason: .eof),
            .error(title), .propertyChange(name: "episode", data: ItemSummary(item).json),
        ] {
            let line = event.line
            #expect(line.last == UInt8(ascii: "\n"))
            #expect(line.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") })
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let decoded =
                (object["episode"] as? [String: Any])?["title"] as? String ?? (object["data"] as? [String: Any])?["title"] as? String
                ?? object["message"] as? String
            #expect(decoded == title)
        }
    }

    @Test("changes to the player become events, from the change observers")
    func observers() throws {
        let player = Player()
        var events: [PlayerEvent] = []
        let source = EventSource(player: player) { events.append($0) }
        defer { source.stop() }
        player.volume = 40
        source.update()
        #expect(events == [.propertyChange(name: "volume", data: .int(40))])
        let item = NowPlaying(title: "One", url: "/one.mp3")
        player.load(item)
        source.update()
        #expect(events.contains(.episodeStarted(ItemSummary(item))))
        #expect(events.contains(.propertyChange(name: "state", data: .string("playing"))))
        events.removeAll()
        player.queue = [NowPlaying(title: "Two", url: "/two.mp3")]
        source.update()
        player.advance(because: .eof)
        source.update()
        #expect(events.contains(.episodeEnded(ItemSummary(item), reason: .eof)))
        #expect(events.contains(.episodeStarted(ItemSummary(NowPlaying(title: "Two", url: "/two.mp3")))))
        events.removeAll()
        player.volume = 40
        source.update()
        #expect(events.isEmpty, "an equal value is no change")
        player.lastError = "decoder failed"
        source.update()
        #expect(events == [.error("decoder failed")])
    }

    @Test("a stop sends episode-ended and no chapter-changed (the position back at 0 is no chapter entered); status has no chapter")
    func stopSendsNoChapter() throws {
        let player = Player()
        var events: [PlayerEvent] = []
        let source = EventSource(player: player) { events.append($0) }
        defer { source.stop() }
        let item = NowPlaying(title: "Chaptered", url: "/chaptered.mp3", duration: 60)
        player.load(item)
        player.chapters = ChapterList(
            source: .id3, chapters: [Chapter(start: 0, title: "One"), Chapter(start: 10, title: "Two"), Chapter(start: 20, title: "Three")])
        player.position = 25
        source.update()
        let chapters = { events.filter { if case .chapterChanged = $0 { true } else { false } } }
        #expect(chapters() == [.chapterChanged(StatusReport.chapter(player))])
        #expect(StatusReport.chapter(player)?.number == 3)
        // Moving out of the chapters while playing is a chapter-changed to null.
        player.chapters = ChapterList(source: .id3, chapters: [Chapter(start: 30, title: "Later")])
        source.update()
        #expect(chapters().last == .chapterChanged(nil))
        player.chapters = ChapterList(
            source: .id3, chapters: [Chapter(start: 0, title: "One"), Chapter(start: 10, title: "Two"), Chapter(start: 20, title: "Three")])
        source.update()
        events.removeAll()
        player.stop()
        source.update()
        #expect(events.contains(.episodeEnded(ItemSummary(item), reason: .stop)))
        #expect(chapters().isEmpty, "\(events)")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(StatusReport.json(player).renderedBytes)) as? [String: Any])
        #expect(status["chapter"] is NSNull, "\(status)")
        #expect(player.chapters == .none)
    }

    @Test("episode.duration: the feed's length, else the one the player found (status, a property-change, episode-ended)")
    func foundDuration() throws {
        let player = Player()
        var events: [PlayerEvent] = []
        let source = EventSource(player: player) { events.append($0) }
        defer { source.stop() }
        func statusDuration() throws -> Double? {
            let status = try JSONSerialization.jsonObject(with: Data(StatusReport.json(player).renderedBytes)) as? [String: Any]
            return ((status?["episode"] as? [String: Any])?["duration"] as? NSNumber)?.doubleValue
        }
        // A file or a feed without a length: unknown until the engine opens it.
        let item = NowPlaying(ref: "show/1", title: "No length", show: "Show", url: "/no-length.mp3")
        player.load(item)
        source.update()
        #expect(events.contains(.episodeStarted(ItemSummary(item))))
        #expect(try statusDuration() == nil)
        events.removeAll()
        player.duration = 1234.5
        source.update()
        var found = item
        found.duration = 1234.5
        #expect(events == [.propertyChange(name: "episode", data: ItemSummary(found).json)])
        #expect(ItemSummary(found).json.rendered.contains(#""duration":1234.5"#))
        #expect(try statusDuration() == 1234.5)
        events.removeAll()
        player.stop()
        source.update()
        #expect(events.contains(.episodeEnded(ItemSummary(found), reason: .stop)), "\(events)")

        // The feed's length stays the episode's, whatever the player finds.
        let listed = NowPlaying(ref: "show/2", title: "Listed", show: "Show", url: "/listed.mp3", duration: 600)
        player.load(listed)
        source.update()
        events.removeAll()
        player.duration = 601
        source.update()
        #expect(events.isEmpty, "\(events)")
        #expect(try statusDuration() == 600)
    }

    @Test("a burst of position changes gives one event at once and the latest value at the end of the interval")
    func positionThrottle() async throws {
        let player = Player()
        var positions: [JSONValue] = []
        let source = EventSource(player: player) { event in
            if case .propertyChange("position", let data) = event { positions.append(data) }
        }
        defer { source.stop() }
        for step in 1...50 {
            player.position = Double(step)
            source.update()
        }
        #expect(positions == [.int(1)])
        for _ in 0..<200 where positions.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(positions == [.int(1), .int(50)])
    }

    @Test(
        "podline events and status on a played file with chapters: its duration is the one the player found; stop sends no chapter-changed"
    )
    nonisolated func fileDurationAndStop() async throws {
        let folder = try Fixtures.temporaryDirectory("pl-events")
        // A minute of tone with four chapters, 15 s each (mutagen writes them).
        let mp3 = try Fixtures.toneMP3(in: folder, name: "chaptered.mp3", seconds: 60, rate: 22_050, channels: 1, bitrate: 32)
        let script = folder.appendingPathComponent("write-chapters.py")
        try ChaptersTests.writer.write(to: script, atomically: true, encoding: .utf8)
        let chapters = (0..<4).map {
            "{\"start\": \($0 * 15000), \"end\": \(($0 + 1) * 15000), \"title\": \"Part \($0 + 1)\", \"encoding\": 3}"
        }
        let written = try CommandRunner.run(
            "/usr/bin/env", [ChaptersTests.python(), script.path, mp3.path, "4", "[\(chapters.joined(separator: ","))]"])
        try #require(written.status == 0, "mutagen: \(written.stderr)")

        let player = try PlayerProcess(runtime: folder, home: folder)
        let events = Process()
        events.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        events.arguments = ["events", "--json"]
        events.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": folder.path]) { $1 }
        let output = Pipe()
        events.standardOutput = output
        try events.run()
        let collector = PipeCollector(output)
        for step in 0..<400 where collector.data.isEmpty {
            player.send("volume \(step % 2 == 0 ? 50 : 51)")
            try await Task.sleep(for: .milliseconds(25))
        }
        func lines() -> [[String: Any]] {
            collector.data.split(separator: UInt8(ascii: "\n")).compactMap {
                try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
            }
        }
        func status() throws -> [String: Any] {
            let result = try PodlineBinary.run(["status", "--json"], home: folder, environment: ["XDG_RUNTIME_DIR": folder.path])
            return (try? JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]) ?? [:]
        }
        func chapter(_ line: [String: Any]) -> Int? { (line["chapter"] as? [String: Any])?["number"] as? Int }
        func duration(_ episode: Any?) -> Double? { ((episode as? [String: Any])?["duration"] as? NSNumber)?.doubleValue }

        player.send("play '\(mp3.path)'")
        // The file gives no length before it is opened; the player then knows it, and status says so.
        let playing = try poll(timeout: 10, every: 0.05, status) { duration($0["episode"]) != nil }
        #expect(abs((duration(playing["episode"]) ?? 0) - 60) < 1, "\(playing)")
        player.send("chapter 3")
        let third = poll(timeout: 10, every: 0.05, lines) {
            $0.contains { $0["event"] as? String == "chapter-changed" && chapter($0) == 3 }
        }
        #expect(third.contains { chapter($0) == 3 }, "\(third)")
        player.send("stop")
        let stopped = try poll(timeout: 10, every: 0.05, status) { $0["state"] as? String == "stopped" }
        #expect(stopped["chapter"] is NSNull && stopped["episode"] is NSNull, "\(stopped)")
        player.send("quit")
        _ = player.finish()
        events.waitUntilExit()
        _ = collector.finish()
        let all = lines()
        let ended = try #require(all.firstIndex { $0["event"] as? String == "episode-ended" }, "\(all)")
        #expect(all[ended]["reason"] as? String == "stop")
        #expect(abs((duration(all[ended]["episode"]) ?? 0) - 60) < 1, "\(all[ended])")
        // The episode's property change once its length was found carries it.
        #expect(all[..<ended].contains { $0["name"] as? String == "episode" && abs((duration($0["data"]) ?? 0) - 60) < 1 }, "\(all)")
        // From chapter 3 (a second or so before the stop) on, no other chapter-changed: none to chapter 1 as the
        // position went back to 0 with the stop, none to null.
        let changes = all.filter { $0["event"] as? String == "chapter-changed" }
        let fromThird = try #require(changes.firstIndex { chapter($0) == 3 }, "\(changes)")
        #expect(changes[(fromThird + 1)...].isEmpty, "\(changes)")
        #expect(!all[ended...].contains { $0["event"] as? String == "chapter-changed" }, "\(all)")
    }

    @Test("podline events: every line is accepted by jq, titles with escapes and newlines included")
    nonisolated func eventsThroughJQ() async throws {
        let folder = try Fixtures.temporaryDirectory("pl-events")
        let name = "Quote\" Back\\slash\tTab \u{1B}[31mRed \u{2028} ☕️ 中文.mp3"
        _ = try PlayerProcess.episode(named: name, in: folder)
        let player = try PlayerProcess(runtime: folder, home: folder)
        let events = Process()
        events.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        events.arguments = ["events", "--json"]
        events.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": folder.path]) { $1 }
        let output = Pipe()
        events.standardOutput = output
        try events.run()
        let collector = PipeCollector(output)
        // Change the volume until the events client shows it has subscribed.
        for step in 0..<400 where collector.data.isEmpty {
            player.send("volume \(step % 2 == 0 ? 50 : 51)")
            try await Task.sleep(for: .milliseconds(25))
        }
        player.send("play '\(folder.appendingPathComponent(name).path)'")
        player.send("volume 20")
        player.send("speed 2")
        player.send("pause")
        player.send("stop")
        _ = player.finish()
        events.waitUntilExit()
        let data = collector.finish()
        let lines = data.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count >= 7)
        let jq = try CommandRunner.run(try #require(CommandRunner.which("jq")), ["-c", "."], stdin: data)
        #expect(jq.status == 0, "\(jq.stderr)")
        #expect(jq.stdout.split(separator: "\n").count == lines.count)
        let titles = try CommandRunner.run(
            try #require(CommandRunner.which("jq")),
            ["-j", #"select(.event == "episode-started") | .episode.title"#], stdin: data)
        #expect(titles.stdout == name)
        let reasons = try CommandRunner.run(
            try #require(CommandRunner.which("jq")),
            ["-r", #"select(.event == "episode-ended") | .reason"#], stdin: data)
        #expect(reasons.stdout == "stop\n")
    }
}
