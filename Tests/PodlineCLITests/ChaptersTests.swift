import Foundation
import TestSupport
import Testing

/// `podline chapters` on MP3s whose CHAP and CTOC frames an independent writer (mutagen) made, in every ID3
/// text encoding, end to end on the built binary.
@Suite("chapters from ID3 tags, end to end", .serialized)
struct ChaptersTests {
    /// Writes the chapters with mutagen: argv is the file, the ID3 version (3 or 4), then the chapters as JSON.
    static let writer = #"""
        import json, sys
        from mutagen.id3 import ID3, CHAP, CTOC, CTOCFlags, TIT2, WXXX, APIC, Encoding
        path, version, chapters = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
        tag = ID3()
        ids = []
        for number, chapter in enumerate(chapters):
            frames = [TIT2(encoding=chapter["encoding"], text=[chapter["title"]])]
            if chapter.get("url"): frames.append(WXXX(encoding=0, desc="", url=chapter["url"]))
            if chapter.get("picture"): frames.append(APIC(encoding=0, mime="image/png", type=3, desc="", data=b"\x89PNG" + bytes(64)))
            ids.append("ch%d" % number)
            tag.add(CHAP(element_id=ids[-1], start_time=chapter["start"], end_time=chapter["end"], sub_frames=frames))
        order = json.loads(sys.argv[4]) if len(sys.argv) > 4 else list(range(len(ids)))
        tag.add(CTOC(element_id="toc", flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED, child_element_ids=[ids[i] for i in order], sub_frames=[]))
        tag.save(path, v2_version=version)
        """#

    static func python() -> String {
        for candidate in ["python3", "/usr/bin/python3"] {
            if let result = try? CommandRunner.run("/usr/bin/env", [candidate, "-c", "import mutagen"]), result.status == 0 {
                return candidate
            }
        }
        return "python3"
    }

    /// A 6 s tone with `chapters` (start and end in milliseconds) written by mutagen.
    static func tagged(_ chapters: [[String: Any]], version: Int, order: [Int]? = nil, in folder: URL) throws -> URL {
        let mp3 = try Fixtures.toneMP3(in: folder, name: "chapters-v2\(version).mp3", seconds: 6)
        let script = folder.appendingPathComponent("write-chapters.py")
        try Self.writer.write(to: script, atomically: true, encoding: .utf8)
        let list = String(decoding: try JSONSerialization.data(withJSONObject: chapters), as: UTF8.self)
        var arguments = [Self.python(), script.path, mp3.path, "\(version)", list]
        if let order { arguments.append("\(order)") }
        let written = try CommandRunner.run("/usr/bin/env", arguments)
        try #require(written.status == 0, "mutagen: \(written.stderr)")
        return mp3
    }

    static var titled: [[String: Any]] {
        [
            ["start": 0, "end": 1500, "title": "Café intro", "encoding": 0, "url": "https://example.com/intro"],
            ["start": 1500, "end": 3000, "title": "🎙️ Interview", "encoding": 1, "picture": true],
            ["start": 3000, "end": 4500, "title": "第三章 news", "encoding": 2],
            ["start": 4500, "end": 6000, "title": "Ünïcödé outro ✓", "encoding": 3],
        ]
    }

    @Test("ID3v2.4 and v2.3 chapters in every text encoding, as JSON and as a table", arguments: [4, 3])
    func everyEncoding(version: Int) throws {
        let folder = try Fixtures.temporaryDirectory("pl-chapters")
        let mp3 = try Self.tagged(Self.titled, version: version, in: folder)
        let result = try PodlineBinary.run(["chapters", mp3.path, "--json"], home: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(object["source"] as? String == "id3")
        let chapters = try #require(object["chapters"] as? [[String: Any]])
        #expect(chapters.map { $0["title"] as? String } == Self.titled.map { $0["title"] as? String })
        #expect(chapters.map { $0["number"] as? Int } == [1, 2, 3, 4])
        #expect(chapters.map { $0["start"] as? Double } == [0, 1.5, 3, 4.5])
        #expect(chapters.map { $0["end"] as? Double } == [1.5, 3, 4.5, 6])
        #expect(chapters[0]["url"] as? String == "https://example.com/intro")
        #expect(chapters[1]["image"] as? String == "embedded")
        let table = try PodlineBinary.run(["chapters", mp3.path], home: folder, environment: ["NO_COLOR": "1"])
        #expect(table.stdoutLines.first == "Chapters (id3):")
        #expect(table.stdoutLines.dropFirst().first == "  1      0:00      0:02  Café intro")
        // The audio is what it was: the tag is read, the decoder skips it.
        let played = try PodlineBinary.run(["play", mp3.path, "--output", "null", "--fast"], home: folder)
        #expect(played.status == 0, "\(played.stderr)")
    }

    @Test("while playing into a PulseAudio null sink, chapter N and prev move the heard position; status and events follow")
    func navigateWhilePlaying() throws {
        let folder = try Fixtures.temporaryDirectory("pl-chapters")
        let mp3 = try Self.tagged(Self.titled, version: 4, in: folder)
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let environment = ProcessInfo.processInfo.environment.merging([
            "PODLINE_HOME": folder.path, "HOME": folder.path, "XDG_RUNTIME_DIR": folder.path,
        ]) { $1 }
        let player = Process()
        player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        player.arguments = ["play", mp3.path, "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet"]
        player.environment = environment
        try player.run()
        defer { if player.isRunning { player.terminate() } }
        func status() throws -> [String: Any] {
            let result = try PodlineBinary.run(["status", "--json"], home: folder)
            return (try? JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]) ?? [:]
        }
        /// Polls `status --json` until it shows chapter `number`; the last answer.
        func waitForChapter(_ number: Int) throws -> [String: Any] {
            try poll(timeout: 10, every: 0.05, status) { ($0["chapter"] as? [String: Any])?["number"] as? Int == number }
        }
        _ = try poll(timeout: 10, every: 0.05, status) { $0["state"] as? String == "playing" }
        let eventsFile = folder.appendingPathComponent("events.ndjson")
        FileManager.default.createFile(atPath: eventsFile.path, contents: nil)
        let events = Process()
        events.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        events.arguments = ["events", "--json"]
        events.environment = environment
        events.standardOutput = try FileHandle(forWritingTo: eventsFile)
        try events.run()
        defer { if events.isRunning { events.terminate() } }
        // Playing, the player reports its position: the first line shows the client has subscribed.
        _ = poll(timeout: 10, every: 0.02, { (try? Data(contentsOf: eventsFile))?.isEmpty ?? true }, until: { !$0 })
        #expect(try PodlineBinary.run(["chapter", "3"], home: folder).status == 0)
        let third = try waitForChapter(3)
        #expect((third["chapter"] as? [String: Any])?["number"] as? Int == 3, "\(third)")
        #expect((third["position"] as? Double ?? 0) >= 3)
        // Within 3 s of chapter 3's start, prev goes to chapter 2.
        #expect(try PodlineBinary.run(["chapter", "prev"], home: folder).status == 0)
        let second = try waitForChapter(2)
        #expect((second["chapter"] as? [String: Any])?["number"] as? Int == 2, "\(second)")
        _ = try PodlineBinary.run(["stop"], home: folder)
        player.waitUntilExit()
        // The event stream ends with the player.
        _ = events.exitStatus(within: 5)
        let lines = (try String(contentsOf: eventsFile, encoding: .utf8)).split(separator: "\n")
        let changes = lines.filter { $0.contains(#""event":"chapter-changed""#) }
        #expect(changes.contains { $0.contains(#""number":3"#) }, "\(lines)")
        #expect(changes.contains { $0.contains(#""number":2"#) }, "\(lines)")
    }

    @Test("a library episode's Podlove chapters come from its feed, before its file's tag")
    func fromTheFeed() throws {
        let folder = try Fixtures.temporaryDirectory("pl-chapters")
        let mp3 = try Self.tagged(Self.titled, version: 4, in: folder)
        let feed = """
            <?xml version="1.0"?><rss version="2.0" xmlns:psc="http://podlove.org/simple-chapters"><channel><title>Chaptered</title>
            <item><title>With chapters</title><guid>c1</guid><enclosure url="\(mp3.path)" type="audio/mpeg"/>
            <psc:chapters><psc:chapter start="00:00:00" title="Hello"/><psc:chapter start="00:00:02.5" title="Goodbye"/></psc:chapters>
            </item></channel></rss>
            """
        let feedFile = folder.appendingPathComponent("feed.xml")
        try feed.write(to: feedFile, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", feedFile.path], home: folder).status == 0)
        let result = try PodlineBinary.run(["chapters", "chaptered/1", "--json"], home: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(object["source"] as? String == "psc")
        let chapters = try #require(object["chapters"] as? [[String: Any]])
        #expect(chapters.map { $0["title"] as? String } == ["Hello", "Goodbye"])
        #expect(chapters.map { $0["start"] as? Double } == [0, 2.5])
    }

    @Test("a top-level CTOC's order is followed; a file without chapters says so; chapters ending before they start are left out")
    func orderAndBadInput() throws {
        let folder = try Fixtures.temporaryDirectory("pl-chapters")
        let plain = try Fixtures.toneMP3(in: folder, name: "plain.mp3", seconds: 1)
        let none = try PodlineBinary.run(["chapters", plain.path, "--json"], home: folder)
        #expect(none.status == 0)
        #expect(none.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"source":null,"chapters":[]}"#)
        let backwards: [[String: Any]] = [
            ["start": 0, "end": 2000, "title": "One", "encoding": 3], ["start": 3000, "end": 1000, "title": "Two", "encoding": 3],
        ]
        let broken = try Self.tagged(backwards, version: 4, in: folder)
        let refused = try PodlineBinary.run(["chapters", broken.path, "--json", "--verbose"], home: folder)
        #expect(refused.status == 0)
        #expect(refused.stdout.contains(#""chapters":[]"#))
        #expect(
            refused.stderrLines.contains { $0.contains("ID3 chapters left out") && $0.contains("before it starts") }, "\(refused.stderr)")
    }
}
