import Foundation
import TestSupport
import Testing

private let liveMissingTools = ["icecast2", "ezstream", "pulseaudio", "parec", "sox", "lame", "ffmpeg", "curl"].filter {
    CommandRunner.which($0) == nil
}

/// Live streams as a listener meets them: a feed's `podcast:liveItem`s listed and played, an Icecast server fed by
/// ezstream (MP3) or ffmpeg (AAC) on 127.0.0.1, its titles heard as chapters, and the server going away mid-stream.
@Suite("live streams from a real Icecast server", .serialized, .enabled(if: liveMissingTools.isEmpty, "needs \(liveMissingTools)"))
struct LiveStreamTests {
    /// Two tone MP3s with ID3 titles (440 Hz "First Song", 880 Hz "Second Song"), `seconds` long each.
    static func songs(in folder: URL, seconds: Int) throws -> [URL] {
        try [("first", 440, "First Song"), ("second", 880, "Second Song")].map { name, frequency, title in
            let wav = folder.appendingPathComponent("\(name).wav")
            let mp3 = folder.appendingPathComponent("\(name).mp3")
            try CommandRunner.tool(
                "sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav.path, "synth", "\(seconds)", "sine", "\(frequency)", "vol", "0.5"])
            try CommandRunner.tool("lame", ["--quiet", "-b", "128", "--tt", title, "--ta", "Host", wav.path, mp3.path])
            return mp3
        }
    }

    /// The parsed lines of `events --json` that are chapter changes: their titles, in order.
    static func chapterTitles(_ events: String) -> [String] {
        events.split(separator: "\n").compactMap { line in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                object["event"] as? String == "chapter-changed"
            else { return nil }
            return ((object["chapter"] as? [String: Any])?["title"] as? String) ?? "-"
        }
    }

    @Test("an MP3 live stream: heard, its titles chapters as they change, no seek, the server gone and back, stop exits 0")
    func mp3FromEzstream() throws {
        let bench = try Bench("pl-live-mp3")
        defer { bench.remove() }
        let icecast = try IcecastServer()
        defer { icecast.stop() }
        let songs = try Self.songs(in: bench.root, seconds: 4)
        try icecast.ezstream(songs, mount: "/live.mp3")
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        bench.pointAt(pulse)
        let recording = try pulse.record()

        let log = bench.root.appendingPathComponent("player.stderr")
        let player = try BackgroundProcess.podline(
            ["play", icecast.url("/live.mp3"), "--output", Bench.output(pulse)], home: bench.home, environment: bench.environment,
            stderr: log)
        defer { if player.process.isRunning { player.killNow() } }
        var playerStderr: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        let playing = try bench.waitForStatus { $0.state == "playing" && $0.position > 0.5 }
        #expect(playing.object["live"] as? Bool == true, "\(playing)")
        #expect(playing.object["duration"] is NSNull, "\(playing)")

        let events = try EventsClient(bench: bench, json: true)
        defer { events.stop() }
        // Two songs of 4 s each: in 10 s the title changes at least twice.
        #expect(events.waitFor(timeout: 20) { Self.chapterTitles($0).count >= 3 }, "chapter events: \(events.stdout)")
        let titles = Self.chapterTitles(events.stdout)
        #expect(Set(titles).isSuperset(of: ["Host - First Song", "Host - Second Song"]), "\(titles)")
        #expect(zip(titles, titles.dropFirst()).allSatisfy { $0 != $1 }, "a title repeated: \(titles)")

        let status = try bench.status()
        let chapter = status.object["chapter"] as? [String: Any]
        #expect((chapter?["title"] as? String)?.hasPrefix("Host - ") == true, "\(status)")
        let seek = try bench.podline(["seek", "+30"])
        #expect(seek.status == 1 && seek.stderr.contains("live stream") && seek.stderr.split(separator: "\n").count == 1, "\(seek)")
        let chapterJump = try bench.podline(["chapter", "next"])
        #expect(chapterJump.status == 1, "\(chapterJump)")

        // The server goes away mid-stream, and comes back on the same port with its source.
        let before = try bench.status().position
        icecast.stop()
        let waiting = try bench.waitForStatus(timeout: 15) { $0.state == "buffering" }
        #expect(waiting.state == "buffering", "\(waiting)")
        try icecast.start()
        try icecast.ezstream(songs, mount: "/live.mp3")
        let back = try bench.waitForStatus(timeout: 30) { $0.state == "playing" && $0.position > before + 3 }
        #expect(back.state == "playing" && back.position > before + 3, "never played again: \(back)")
        let brokeOff = playerStderr.split(separator: "\n").filter { $0.contains("broke off") }
        #expect(brokeOff.count == 1, "player said: \(playerStderr)")
        #expect(!playerStderr.contains("slower than"), "a live stream is never slow: \(playerStderr)")

        let stop = try bench.podline(["stop"])
        #expect(stop.status == 0, "\(stop)")
        #expect(player.wait(timeout: 10) == 0, "player: \(playerStderr)")
        let heard = try recording.stop()
        let signal = heard.mono()
        let second = heard.sampleRate
        // Both songs were heard: a second of 440 Hz and a second of 880 Hz among what was played.
        let frequencies = stride(from: 0, to: signal.count - second, by: second).map {
            SoundAnalysis.dominantFrequency(Array(signal[$0..<($0 + second)]), sampleRate: second)
        }
        #expect(frequencies.contains { abs($0 - 440) < 10 } && frequencies.contains { abs($0 - 880) < 10 }, "\(frequencies)")
        // Nothing of a live stream is kept as a position.
        let history = try bench.podline(["history", "--json"])
        #expect(history.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(history)")
    }

    @Test("an AAC live stream from ffmpeg plays, and titles set on the server become its chapters")
    func aacFromFFmpeg() throws {
        let bench = try Bench("pl-live-aac")
        defer { bench.remove() }
        let icecast = try IcecastServer()
        defer { icecast.stop() }
        try icecast.aacSource(mount: "/live.aac")
        let log = bench.root.appendingPathComponent("player.stderr")
        let player = try BackgroundProcess.podline(
            ["play", icecast.url("/live.aac"), "--output", "null"], home: bench.home, environment: bench.environment, stderr: log)
        defer { if player.process.isRunning { player.killNow() } }
        let playing = try bench.waitForStatus { $0.state == "playing" && $0.position > 1 }
        #expect(playing.object["live"] as? Bool == true, "\(playing)")
        for title in ["Morning Show", "Nachrichten: Wetter & Verkehr"] {
            try icecast.setTitle(title, mount: "/live.aac")
            let shown = try bench.waitForStatus(timeout: 15) { (($0.object["chapter"] as? [String: Any])?["title"] as? String) == title }
            #expect((shown.object["chapter"] as? [String: Any])?["title"] as? String == title, "\(shown)")
        }
        let started = try bench.status().position
        Thread.sleep(forTimeInterval: 3)
        let later = try bench.status()
        // Real time: the stream plays as it comes, neither faster nor held.
        #expect(abs(later.position - started - 3) < 1, "\(later) after \(started)")
        #expect(try bench.podline(["stop"]).status == 0)
        #expect(player.wait(timeout: 10) == 0, "\((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    @Test("a feed's live items: listed, the one on air played, a pending one says when, an ended one plays its recording")
    func liveItemsOfAFeed() throws {
        let bench = try Bench("pl-live-feed")
        defer { bench.remove() }
        let icecast = try IcecastServer()
        defer { icecast.stop() }
        let songs = try Self.songs(in: bench.root, seconds: 4)
        try icecast.ezstream(songs, mount: "/show.mp3")
        let served = try Fixtures.subfolder("served", in: bench.root)
        try FileManager.default.copyItem(at: songs[0], to: served.appendingPathComponent("recording.mp3"))
        let web = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        let inTwoHours = ISO8601DateFormatter().string(from: Date().addingTimeInterval(7_200))
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>On Air</title>
        <podcast:liveItem status="pending" start="\(inTwoHours)"><title>Next Week</title><guid>next</guid>
          <enclosure url="\(icecast.url("/later.mp3"))" type="audio/mpeg" length="312"/></podcast:liveItem>
        <podcast:liveItem status="live" start="2026-01-01T10:00:00Z"><title>Right Now</title><guid>now</guid>
          <enclosure url="\(icecast.url("/show.mp3"))" type="audio/mpeg" length="312"/>
          <podcast:chat server="irc.example.net" protocol="irc" accountId="@host" space="#onair"/>
          <podcast:contentLink href="https://example.com/watch">Watch</podcast:contentLink></podcast:liveItem>
        <podcast:liveItem status="ended" start="2026-01-01T09:00:00Z" end="2026-01-01T09:30:00Z"><title>Last Week</title>
          <guid>last</guid><enclosure url="\(icecast.url("/gone.mp3"))" type="audio/mpeg"/></podcast:liveItem>
        <podcast:liveItem status="ended" start="2026-01-01T08:00:00Z"><title>Long Ago</title><guid>lost</guid>
          <enclosure url="\(icecast.url("/lost.mp3"))" type="audio/mpeg"/></podcast:liveItem>
        <item><title>Last Week (recording)</title><guid>last</guid><enclosure url="\(web.url("recording.mp3"))" type="audio/mpeg"/></item>
        </channel></rss>
        """.write(to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        let added = try bench.podline(["add", web.url("feed.xml")])
        #expect(added.status == 0, "\(added)")

        // The live items are not episodes: the recording is the one episode.
        let episodes = try bench.podline(["episodes", "--json"])
        let listed = (try? JSONSerialization.jsonObject(with: Data(episodes.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(listed.map { $0["title"] as? String } == ["Last Week (recording)"], "\(episodes)")
        let live = try bench.podline(["episodes", "--live"])
        #expect(live.status == 0, "\(live)")
        let lines = live.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(live.stdout)")
        #expect(lines.first?.hasPrefix("live/on-air/1  PENDING  On Air — Next Week  (starts at ") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("live/on-air/2  LIVE  On Air — Right Now  (on air since ") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.contains("ended at 2026-01-01") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.hasSuffix(", recording on-air/1)") == true, "\(lines)")
        let json = try bench.podline(["episodes", "--live", "on-air", "--json"])
        let items = (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(items.map { $0["status"] as? String } == ["pending", "live", "ended", "ended"], "\(json)")
        #expect(items.map { $0["recording"] as? String } == [nil, nil, "on-air/1", nil], "\(json)")
        #expect((items.dropFirst().first?["chat"] as? [String: Any])?["space"] as? String == "#onair", "\(json)")
        #expect(
            ((items.dropFirst().first?["content_links"] as? [[String: Any]])?.first?["title"] as? String) == "Watch", "\(json)")
        #expect(try bench.podline(["episodes", "--live", "--new"]).status == 64)

        // The pending one says when it starts; the long-ended one that no recording is there.
        let pending = try bench.podline(["play", "live/on-air/1", "--output", "null"])
        #expect(pending.status == 2 && pending.stderr.contains("starts at") && pending.stderr.contains("(in 1 h 59 min)"), "\(pending)")
        let lost = try bench.podline(["play", "live/on-air/4", "--output", "null"])
        #expect(lost.status == 2 && lost.stderr.contains("no recording"), "\(lost)")
        #expect(try bench.podline(["play", "live/on-air/9", "--output", "null"]).status == 2)
        #expect(try bench.podline(["play", "live/nothing", "--output", "null"]).status == 2)

        // The ended one with a recording plays the recording, as the episode it is.
        let recorded = try bench.podline(["play", "live/on-air/3", "--output", "null", "--duration", "1"])
        #expect(recorded.status == 0, "\(recorded)")
        #expect(try bench.podline(["history", "--json"]).stdout.contains("on-air/1"))

        // A live stream has no end to cut a clip from.
        let clip = try bench.podline(["clip", "live/on-air/2", "0", "5", "-o", bench.root.appendingPathComponent("c.wav").path])
        #expect(clip.status == 64 && clip.stderr.contains("live stream"), "\(clip)")
        // A show whose slug is `live`: live/1 is its first episode, as before there were live items.
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Live</title>
        <item><title>Called Live</title><guid>l1</guid><enclosure url="\(web.url("recording.mp3"))" type="audio/mpeg"/></item>
        </channel></rss>
        """.write(to: served.appendingPathComponent("live.xml"), atomically: true, encoding: .utf8)
        #expect(try bench.podline(["add", web.url("live.xml")]).status == 0)
        let episodeOne = try bench.podline(["play", "live/1", "--output", "null", "--duration", "1"])
        #expect(episodeOne.status == 0, "\(episodeOne)")
        #expect(try bench.podline(["history", "--json"]).stdout.contains("live/1"))

        // live/SHOW alone is the one on air: its stream plays, named by the feed's title.
        let player = try BackgroundProcess.podline(
            ["play", "live/on-air", "--output", "null"], home: bench.home, environment: bench.environment)
        defer { if player.process.isRunning { player.killNow() } }
        let playing = try bench.waitForStatus { $0.state == "playing" && $0.position > 0.5 }
        let episode = playing.object["episode"] as? [String: Any]
        #expect(episode?["title"] as? String == "Right Now" && episode?["show"] as? String == "On Air", "\(playing)")
        #expect(playing.object["live"] as? Bool == true, "\(playing)")
        #expect(try bench.podline(["stop"]).status == 0)
        #expect(player.wait(timeout: 10) == 0)
    }
}
