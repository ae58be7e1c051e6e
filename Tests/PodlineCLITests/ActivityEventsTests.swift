import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// download-progress and feed-updated: reported by library commands, re-broadcast by the player's observers.
@MainActor
@Suite("activity events")
struct ActivityEventsTests {
    @Test("recorded downloads and refreshes become events, from the observers")
    func observers() throws {
        let activity = LibraryActivity()
        var events: [PlayerEvent] = []
        let source = EventSource(player: Player(), activity: activity) { events.append($0) }
        defer { source.stop() }
        activity.record(.download(ref: "news/1", bytes: 0, total: 1000))
        source.update()
        #expect(events == [.downloadProgress(ref: "news/1", bytes: 0, total: 1000)])
        activity.record(.feedUpdated(show: "news", newEpisodes: 2))
        activity.record(.feedUpdated(show: "tech", newEpisodes: 0))
        source.update()
        #expect(events.suffix(2) == [.feedUpdated(show: "news", newEpisodes: 2), .feedUpdated(show: "tech", newEpisodes: 0)])
        events.removeAll()
        activity.record(.feedUpdated(show: "news", newEpisodes: 2))
        source.update()
        #expect(events == [.feedUpdated(show: "news", newEpisodes: 2)], "a second refresh with the same count is an event too")
        events.removeAll()
        activity.record(.feedFailed(show: "news", reason: "HTTP 404"))
        source.update()
        #expect(events == [.error("news: HTTP 404")])
    }

    @Test(
        "a burst of one download's progress gives one event at once and the latest at the end of the interval; downloads are limited apart")
    func downloadThrottle() async throws {
        let activity = LibraryActivity()
        var events: [PlayerEvent] = []
        let source = EventSource(player: Player(), activity: activity) { events.append($0) }
        defer { source.stop() }
        for step in 1...40 {
            activity.record(.download(ref: "a/1", bytes: Int64(step), total: 40))
            activity.record(.download(ref: "b/1", bytes: Int64(step), total: nil))
            source.update()
        }
        #expect(events == [.downloadProgress(ref: "a/1", bytes: 1, total: 40), .downloadProgress(ref: "b/1", bytes: 1, total: nil)])
        for _ in 0..<200 where events.count < 4 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(
            Set(events.suffix(2).map(\.line))
                == Set([
                    PlayerEvent.downloadProgress(ref: "a/1", bytes: 40, total: 40).line,
                    PlayerEvent.downloadProgress(ref: "b/1", bytes: 40, total: nil).line,
                ]))
        #expect(events.count == 4)
    }

    @Test(
        "a notice travels as one socket line that the server reads back, and a malformed one is refused",
        arguments: [
            ActivityNotice.download(ref: "show \"q\"/1", bytes: 5, total: nil), .feedUpdated(show: "中文\n", newEpisodes: 3),
            .feedFailed(show: "x", reason: "bad\u{1B}[31m"),
        ])
    nonisolated func noticeLine(notice: ActivityNotice) throws {
        let line = notice.line
        #expect(line.last == UInt8(ascii: "\n"))
        guard case .success(let request)? = ControlRequest.parse(Array(line.dropLast())) else {
            Issue.record("the line was not read as a request")
            return
        }
        #expect(request.notice == notice)
        #expect(request.words.isEmpty)
        let bad = Array(#"{"notify":{"event":"download-progress","ref":7}}"#.utf8)
        guard case .failure(let problem)? = ControlRequest.parse(bad) else {
            Issue.record("a malformed notice was accepted")
            return
        }
        #expect(problem.error == "invalid parameter")
    }

    @Test("the reporter lets at most 4 of a download's notices a second through, and always the complete one")
    nonisolated func reporterThrottle() {
        let seen = NoticeBox()
        let reporter = ActivityReporter(location: ControlLocation(directory: "/nonexistent/podline"), display: { seen.append($0) })
        for step in 1...100 { reporter.download(ref: "a/1", bytes: Int64(step), total: 100) }
        #expect(seen.notices == [.download(ref: "a/1", bytes: 1, total: 100), .download(ref: "a/1", bytes: 100, total: 100)])
    }

    @Test("podline update and download reach podline events of a running podline play; every line is accepted by jq")
    nonisolated func endToEnd() async throws {
        let folder = try Fixtures.temporaryDirectory("pl-activity")
        let runtime = folder.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        _ = try Fixtures.toneMP3(in: served, name: "one.mp3", seconds: 20, rate: 22_050, channels: 1, bitrate: 32)
        // 1.9 MB sent in 1.2 s: the downloader reports every 256 KB, about 6 times a second, more than the 4 let through.
        _ = try Fixtures.toneMP3(in: served, name: "two.mp3", seconds: 120, rate: 22_050, channels: 1, bitrate: 128)
        let server = try SlowFileServer(folder: served, chunkBytes: 32_768, delay: 0.02)
        defer { server.stop() }
        let feed = served.appendingPathComponent("feed.xml")
        try Self.feed(items: [("one", server.url("one.mp3"))]).write(to: feed, atomically: true, encoding: .utf8)
        let environment: [String: String?] = [
            "XDG_RUNTIME_DIR": runtime.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        ]
        let added = try PodlineBinary.run(["add", server.url("feed.xml")], home: folder, environment: environment)
        #expect(added.status == 0, "\(added.stderr)")

        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let episode = try PlayerProcess.episode(named: "playing.mp3", in: folder)
        let player = Process()
        player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        player.arguments = ["play", episode.path, "--output", "pulse:unix:\(sound.runtimeDirectory.path)/pulse/native"]
        player.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_RUNTIME_DIR": runtime.path, "PODLINE_HOME": folder.path, "HOME": folder.path]) { $1 }
        player.standardOutput = FileHandle.nullDevice
        player.standardError = FileHandle.nullDevice
        try player.run()
        defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
        let location = ControlLocation(directory: runtime.path + "/podline")
        for _ in 0..<400 where (try? ControlClient(location: location)) == nil { try await Task.sleep(for: .milliseconds(25)) }

        let events = Process()
        events.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        events.arguments = ["events", "--json"]
        events.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        let output = Pipe()
        events.standardOutput = output
        try events.run()
        let collector = PipeCollector(output)
        // Playing, the player reports its position: the first line shows the client has subscribed.
        for _ in 0..<400 where collector.data.isEmpty { try await Task.sleep(for: .milliseconds(25)) }
        #expect(!collector.data.isEmpty, "no events from the player")

        try Self.feed(items: [("one", server.url("one.mp3")), ("two", server.url("two.mp3"))])
            .write(to: feed, atomically: true, encoding: .utf8)
        let update = try PodlineBinary.run(["update"], home: folder, environment: environment)
        #expect(update.status == 0, "\(update.stderr)")
        let started = Date()
        let download = try PodlineBinary.run(["download", "test-show/2"], home: folder, environment: environment)
        let seconds = Date().timeIntervalSince(started)
        #expect(download.status == 0, "\(download.stderr)")
        // The complete size's progress comes last, at the end of its throttle's interval.
        let size = try #require(FileManager.default.attributesOfItem(atPath: served.appendingPathComponent("two.mp3").path)[.size] as? Int)
        let complete = Data(#""ref":"test-show/2","bytes":\#(size),"total":\#(size)}"#.utf8)
        for _ in 0..<400 where collector.data.range(of: complete) == nil { try await Task.sleep(for: .milliseconds(25)) }
        _ = try PodlineBinary.run(["stop"], home: folder, environment: environment)
        player.waitUntilExit()
        events.waitUntilExit()
        let data = collector.finish()

        let jq = try #require(CommandRunner.which("jq"))
        let all = try CommandRunner.run(jq, ["-c", "."], stdin: data)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.split(separator: "\n").count == data.split(separator: UInt8(ascii: "\n")).count)
        let feeds = try CommandRunner.run(jq, ["-c", #"select(.event == "feed-updated") | [.show, .new_episodes]"#], stdin: data)
        #expect(feeds.stdout == "[\"test-show\",1]\n")
        let progress = try CommandRunner.run(
            jq, ["-r", #"select(.event == "download-progress") | "\(.ref) \(.bytes) \(.total)""#],
            stdin: data)
        let rows = progress.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(rows.count >= 2, "\(progress.stdout)")
        #expect(rows.allSatisfy { $0.first == "test-show/2" && $0.last == "\(size)" })
        let bytes = rows.compactMap { Int($0[1]) }
        #expect(bytes == bytes.sorted(), "progress only grows")
        #expect(bytes.last == size, "the complete size is the last event")
        #expect(Double(rows.count) <= seconds * 4 + 2, "\(rows.count) events in \(seconds) s: more than 4 a second")
    }

    /// An RSS feed of `items` (title, enclosure URL) for the show "Test Show".
    nonisolated static func feed(items: [(String, String)]) -> String {
        let entries = items.map { title, url in
            "<item><title>\(title)</title><guid>\(title)</guid><enclosure url=\"\(url)\" type=\"audio/mpeg\"/></item>"
        }
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Test Show</title>\(entries.joined())</channel></rss>\n"
    }
}

/// Notices collected from any thread.
final class NoticeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [ActivityNotice] = []

    func append(_ notice: ActivityNotice) { lock.withLock { collected.append(notice) } }

    var notices: [ActivityNotice] { lock.withLock { collected } }
}
