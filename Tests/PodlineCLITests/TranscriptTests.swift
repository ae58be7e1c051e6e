import Foundation
import TestSupport
import Testing

/// `podline transcript` on feeds that list several transcripts per item, served by a real HTTP server on
/// 127.0.0.1, end to end on the built binary: choice by language and format, sniffing, fall-back, offline use.
@Suite("transcripts from the loopback server, end to end", .serialized)
struct TranscriptTests {
    static let json = #"""
        {"version": "1.0.0", "segments": [
          {"speaker": "Ann", "startTime": 0.5, "endTime": 0.9, "body": "Hello"},
          {"speaker": "Ann", "startTime": 0.9, "endTime": 1.4, "body": "listeners."},
          {"speaker": "Ben", "startTime": 61.0, "endTime": 61.6, "body": "Thanks"},
          {"speaker": "Ben", "startTime": 61.6, "endTime": 62.0, "body": "Ann!"}
        ]}
        """#
    static let vtt = "WEBVTT\n\n00:00.500 --> 00:02.000\n<v Anna>Hallo zusammen.\n\n01:01.000 --> 01:02.000\n<v Ben>Danke!\n"

    /// Serves the transcripts and writes a feed whose one item names them: a missing JSON file first, then the
    /// JSON (English), a WebVTT declared as SubRip (German).
    static func setUp() throws -> (home: URL, server: SlowFileServer, feed: URL) {
        let served = try Fixtures.temporaryDirectory("pl-transcript-served")
        let home = try Fixtures.temporaryDirectory("pl-transcript")
        try json.write(to: served.appendingPathComponent("words.json"), atomically: true, encoding: .utf8)
        try vtt.write(to: served.appendingPathComponent("german.srt"), atomically: true, encoding: .utf8)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        let mp3 = try Fixtures.toneMP3(in: home, name: "episode.mp3", seconds: 1)
        let feed = """
            <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>
            <title>Said</title>
            <item><title>Talk</title><guid>t1</guid><enclosure url="\(mp3.path)" type="audio/mpeg"/>
            <podcast:transcript url="\(server.url("missing.json"))" type="application/json" language="en"/>
            <podcast:transcript url="\(server.url("german.srt"))" type="application/x-subrip" language="de" rel="captions"/>
            <podcast:transcript url="\(server.url("words.json"))" type="application/json" language="en-GB"/>
            </item>
            <item><title>Silent</title><guid>t2</guid><enclosure url="\(mp3.path)" type="audio/mpeg"/></item>
            </channel></rss>
            """
        let file = home.appendingPathComponent("feed.xml")
        try feed.write(to: file, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", file.path], home: home).status == 0)
        return (home, server, file)
    }

    static func ref(_ title: String, home: URL) throws -> String {
        let listed = try PodlineBinary.run(["episodes", "--json"], home: home)
        let episodes = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        return try #require(episodes.first { $0["title"] as? String == title }?["ref"] as? String)
    }

    /// A library in a new home whose one episode, `title` (a tone of `seconds`), names `vtt` as its WebVTT transcript,
    /// served by the loopback server: the home, the server (to stop) and the episode's reference.
    static func servedEpisode(_ title: String, seconds: Double, vtt: String) throws -> (home: URL, server: SlowFileServer, ref: String) {
        let served = try Fixtures.temporaryDirectory("pl-transcript-served")
        let home = try Fixtures.temporaryDirectory("pl-transcript")
        try vtt.write(to: served.appendingPathComponent("cues.vtt"), atomically: true, encoding: .utf8)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        let mp3 = try Fixtures.toneMP3(in: home, name: "episode.mp3", seconds: seconds)
        let feed = """
            <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>
            <title>Served</title><item><title>\(title)</title><guid>served</guid><enclosure url="\(mp3.path)" type="audio/mpeg"/>
            <podcast:transcript url="\(server.url("cues.vtt"))" type="text/vtt"/></item></channel></rss>
            """
        let feedFile = home.appendingPathComponent("feed.xml")
        try feed.write(to: feedFile, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", feedFile.path], home: home).status == 0)
        return (home, server, try ref(title, home: home))
    }

    @Test("the listener's language wins, a missing file is passed over, JSON words become sentences, and it is kept for offline use")
    func englishJSON() throws {
        let (home, server, _) = try Self.setUp()
        defer { server.stop() }
        let ref = try Self.ref("Talk", home: home)
        let english = ["LANG": "en_US.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil] as [String: String?]
        let result = try PodlineBinary.run(["transcript", ref, "--json", "--verbose"], home: home, environment: english)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(object["type"] as? String == "application/json")
        #expect(object["language"] as? String == "en-GB")
        #expect((object["url"] as? String)?.hasSuffix("/words.json") == true)
        let cues = try #require(object["cues"] as? [[String: Any]])
        #expect(cues.map { $0["text"] as? String } == ["Hello listeners.", "Thanks Ann!"])
        #expect(cues.map { $0["speaker"] as? String } == ["Ann", "Ben"])
        #expect(cues.map { $0["start"] as? Double } == [0.5, 61])
        #expect(cues.map { $0["end"] as? Double } == [1.4, 62])
        #expect(result.stderrLines.contains { $0.contains("missing.json") && $0.contains("404") }, "\(result.stderr)")

        server.stop()
        let text = try PodlineBinary.run(["transcript", ref, "--at", "1:00"], home: home, environment: english)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "[01:01] Ben: Thanks Ann!\n")
    }

    @Test("a German listener gets the German file, read as the WebVTT it is though declared SubRip")
    func germanSniffed() throws {
        let (home, server, _) = try Self.setUp()
        defer { server.stop() }
        let ref = try Self.ref("Talk", home: home)
        let result = try PodlineBinary.run(
            ["transcript", ref, "--json"], home: home, environment: ["LANG": "de_DE.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(object["type"] as? String == "text/vtt")
        #expect(object["language"] as? String == "de")
        let cues = try #require(object["cues"] as? [[String: Any]])
        #expect(cues.map { $0["text"] as? String } == ["Hallo zusammen.", "Danke!"])
        #expect(cues.map { $0["speaker"] as? String } == ["Anna", "Ben"])
    }

    @Test("search finds kept transcripts to the cue's second, phrases and prefixes, and titles; episodes --search too")
    func searchToTheSecond() throws {
        let (home, server, _) = try Self.setUp()
        defer { server.stop() }
        let ref = try Self.ref("Talk", home: home)
        let german = ["LANG": "de_DE.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil] as [String: String?]
        #expect(try PodlineBinary.run(["transcript", ref], home: home, environment: german).status == 0)
        func hits(_ arguments: [String]) throws -> [[String: Any]] {
            let result = try PodlineBinary.run(["search"] + arguments + ["--json"], home: home)
            #expect(result.status == 0, "\(result.stderr)")
            return (try? JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]]) ?? []
        }
        let danke = try hits(["DANKE"])
        #expect(danke.count == 1, "\(danke)")
        #expect(danke.first?["kind"] as? String == "transcript")
        #expect(danke.first?["time"] as? Double == 61)
        #expect(danke.first?["ref"] as? String == ref)
        #expect(danke.first?["text"] as? String == "Danke!")
        #expect(try hits(["\"hallo zusammen\""]).first?["time"] as? Double == 0.5)
        #expect(try hits(["\"zusammen hallo\""]).isEmpty)
        #expect(try hits(["zusa*"]).count == 1)
        #expect(try hits(["talk"]).first?["kind"] as? String == "title")
        #expect(try hits(["danke", "--show", "said"]).count == 1)
        let unknownShow = try PodlineBinary.run(["search", "danke", "--show", "nosuchshow"], home: home)
        #expect(unknownShow.status != 0 && unknownShow.stderrLines.count == 1, "\(unknownShow.stderr)")
        let text = try PodlineBinary.run(["search", "danke"], home: home)
        #expect(text.stdout.contains("[01:01]") && text.stdout.contains("podline play \(ref) --start 01:01"), "\(text.stdout)")
        let listed = try PodlineBinary.run(["episodes", "--search", "zusammen", "--json"], home: home)
        let episodes = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        #expect(episodes.map { $0["ref"] as? String } == [ref])
    }

    @Test("--follow prints each cue as the player in a PulseAudio null sink reaches it, and ends with the episode")
    func followWhilePlaying() throws {
        let (home, server, ref) = try Self.servedEpisode(
            "Eight", seconds: 8,
            vtt: "WEBVTT\n\n00:00.500 --> 00:02.000\nOne\n\n00:03.000 --> 00:05.000\nTwo\n\n00:06.000 --> 00:07.500\nThree\n")
        defer { server.stop() }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let environment = ProcessInfo.processInfo.environment.merging([
            "PODLINE_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path,
        ]) { $1 }
        let player = try BackgroundProcess.podline(
            ["play", ref, "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet"], home: home,
            environment: ["HOME": home.path, "XDG_RUNTIME_DIR": home.path])
        defer { player.killNow() }
        func status() throws -> String { try PodlineBinary.run(["status", "--json"], home: home).stdout }
        _ = try poll(timeout: 10, every: 0.05, status) { $0.contains(#""state":"playing""#) }
        let follower = Process()
        follower.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        follower.arguments = ["transcript", "--follow"]
        follower.environment = environment
        let pipe = Pipe()
        follower.standardOutput = pipe
        follower.standardError = FileHandle.nullDevice
        let arrivals = ArrivalLog()
        pipe.fileHandleForReading.readabilityHandler = { handle in arrivals.add(handle.availableData) }
        try follower.run()
        _ = poll(timeout: 20, every: 0.05, { follower.isRunning }, until: { !$0 })
        #expect(!follower.isRunning, "--follow did not end with the episode")
        if follower.isRunning { kill(follower.processIdentifier, SIGKILL) }
        follower.waitUntilExit()
        pipe.fileHandleForReading.readabilityHandler = nil
        #expect(follower.terminationStatus == 0)
        let lines = arrivals.lines
        #expect(lines.map(\.text) == ["[00:00] One", "[00:03] Two", "[00:06] Three"], "\(lines)")
        if lines.count == 3 {
            // Printed as heard: about 5.5 s of playing between the first cue and the third.
            #expect(lines[2].at.timeIntervalSince(lines[0].at) > 4, "\(lines)")
        }
    }

    @Test("t on the now-playing line shows the cue being heard under it, fetched as the episode starts; t again hides it")
    func cueUnderTheLine() throws {
        let (home, server, ref) = try Self.servedEpisode(
            "Thirty", seconds: 30,
            vtt: "WEBVTT\n\n00:00.000 --> 00:02.500\n<v Ann>One\n\n00:03.000 --> 00:05.000\nTwo\n\n00:06.000 --> 00:07.500\nThree\n")
        defer { server.stop() }
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let tmux = try TmuxSession(podline: ["play", ref], folder: home, sound: sound)
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("▶ Thirty — Served  0:0") }
        tmux.send(["t"])
        try tmux.waitFor { $0.contains("  [00:00] Ann: One") }
        try tmux.waitFor { $0.contains("  [00:03] Two") }
        // The cue is the line under the status, redrawn in place with it.
        let screen = try tmux.screen().components(separatedBy: "\n")
        let status = try #require(screen.firstIndex { $0.contains("▶ Thirty") })
        #expect(screen[status + 1].hasPrefix("  [00:0"), "\(screen)")
        #expect(screen.filter { $0.contains("▶ Thirty") }.count == 1, "\(screen)")
        tmux.send(["t"])
        try tmux.waitFor { !$0.contains("] Two") && !$0.contains("] Three") && !$0.contains("] Ann") }
        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }

        // In the REPL, `cue` puts the cue (kept in the library by now) between the status line and the prompt.
        let repl = try TmuxSession(podline: ["repl"], folder: home, sound: sound)
        defer { repl.kill() }
        try repl.waitFor { $0.contains("podline [stopped]>") }
        repl.send(["play \(ref) --start 0", "Enter", "cue", "Enter"])
        try repl.waitFor { screen in
            let lines = screen.components(separatedBy: "\n")
            guard let cue = lines.lastIndex(where: { $0.hasPrefix("  [00:0") }), cue > 0, cue + 1 < lines.count else { return false }
            return lines[cue - 1].hasPrefix("▶ Thirty") && lines[cue + 1].hasPrefix("podline [playing]>")
        }
        repl.send(["quit", "Enter"])
        try repl.waitFor { $0.contains("EXITED 0") }
    }

    @Test("playing an episode into a PulseAudio null sink fetches and keeps its transcript, for reading offline")
    func keptWhenPlayed() throws {
        let (home, server, _) = try Self.setUp()
        defer { server.stop() }
        let ref = try Self.ref("Talk", home: home)
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let english = ["LANG": "en_US.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil] as [String: String?]
        let played = try PodlineBinary.run(
            ["play", ref, "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet"], home: home,
            environment: english)
        #expect(played.status == 0, "\(played.stderr)")
        server.stop()
        let offline = try PodlineBinary.run(["transcript", ref], home: home, environment: english)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == "[00:00] Ann: Hello listeners.\n[01:01] Ben: Thanks Ann!\n")
    }

    @Test("an episode whose feed names no transcript, and a bad --at, each get one line and their exit status")
    func badInput() throws {
        let (home, server, _) = try Self.setUp()
        defer { server.stop() }
        let none = try PodlineBinary.run(["transcript", try Self.ref("Silent", home: home)], home: home)
        #expect(none.status == 2)
        #expect(none.stderrLines.count == 1 && none.stderr.contains("names no transcript"), "\(none.stderr)")
        let badTime = try PodlineBinary.run(["transcript", try Self.ref("Talk", home: home), "--at", "soon"], home: home)
        #expect(badTime.status == 64)
        #expect(badTime.stderr.contains("--at"), "\(badTime.stderr)")
    }
}

/// Lines of a child's output with the moment each arrived.
final class ArrivalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = ""
    private var arrived: [(text: String, at: Date)] = []

    func add(_ data: Data) {
        lock.withLock {
            pending += String(decoding: data, as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                arrived.append((String(pending[..<newline]), Date()))
                pending = String(pending[pending.index(after: newline)...])
            }
        }
    }

    var lines: [(text: String, at: Date)] { lock.withLock { arrived } }
}
