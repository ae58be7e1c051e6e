import Foundation
import PodcastKit
import TestSupport
import Testing

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
            PlayerEvent.episodeStarted(StatusReport.episode(item)), .episodeEnded(StatusReport.episode(item), reason: .eof),
            .error(title), .propertyChange(name: "episode", data: StatusReport.episode(item)),
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
        #expect(events.contains(.episodeStarted(StatusReport.episode(item))))
        #expect(events.contains(.propertyChange(name: "state", data: .string("playing"))))
        events.removeAll()
        player.queue = [NowPlaying(title: "Two", url: "/two.mp3")]
        source.update()
        player.advance(because: .eof)
        source.update()
        #expect(events.contains(.episodeEnded(StatusReport.episode(item), reason: .eof)))
        #expect(events.contains(.episodeStarted(StatusReport.episode(NowPlaying(title: "Two", url: "/two.mp3")))))
        events.removeAll()
        player.volume = 40
        source.update()
        #expect(events.isEmpty, "an equal value is no change")
        player.lastError = "decoder failed"
        source.update()
        #expect(events == [.error("decoder failed")])
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
