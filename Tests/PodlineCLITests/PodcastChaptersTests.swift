import Foundation
import TestSupport
import Testing

/// Podcasting 2.0 chapters files served by a real HTTP server on 127.0.0.1, kept for offline use, and a stream's
/// ID3 chapters read as it plays into a PulseAudio null sink: end to end on the built binary.
@Suite("podcast:chapters files and the chapters of streams, end to end", .serialized)
struct PodcastChaptersTests {
    static let chaptersFile = """
        {"version": "1.2.0", "podcastName": "Served", "chapters": [
          {"startTime": 0, "title": "Intro", "img": "https://example.com/intro.jpg"},
          {"startTime": 1, "title": "Only a picture", "toc": false},
          {"startTime": 2.5, "endTime": 5, "title": "Main part", "url": "https://example.com/main"}
        ]}
        """

    /// A feed whose items name chapters files at `server`, each with one Podlove chapter too.
    static func feed(_ items: [(guid: String, chapters: String, enclosure: String)], server: SlowFileServer) -> String {
        let entries = items.map { item in
            """
            <item><title>\(item.guid)</title><guid>\(item.guid)</guid>
            <enclosure url="\(item.enclosure)" type="audio/mpeg"/>
            <podcast:chapters url="\(server.url(item.chapters))" type="application/json+chapters"/>
            <psc:chapters><psc:chapter start="0" title="From psc"/></psc:chapters></item>
            """
        }
        return """
            <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"
            xmlns:psc="http://podlove.org/simple-chapters"><channel><title>Served</title>
            \(entries.joined(separator: "\n"))
            </channel></rss>
            """
    }

    /// The reference of the episode titled `title`.
    static func ref(_ title: String, home: URL) throws -> String {
        let listed = try PodlineBinary.run(["episodes", "--json"], home: home)
        let episodes = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        return try #require(episodes.first { $0["title"] as? String == title }?["ref"] as? String)
    }

    static func chapters(_ arguments: [String], home: URL) throws -> (object: [String: Any], stderr: String) {
        let result = try PodlineBinary.run(["chapters"] + arguments + ["--json", "--verbose"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stdout)")
        return (object, result.stderr)
    }

    @Test("a chapters file is fetched, preferred to psc and ID3, hidden chapters left out, and kept for offline use; bad files fall back")
    func fetchedAndKept() throws {
        let home = try Fixtures.temporaryDirectory("pl-pchapters")
        let served = try Fixtures.temporaryDirectory("pl-pchapters-served")
        try Self.chaptersFile.write(to: served.appendingPathComponent("chapters.json"), atomically: true, encoding: .utf8)
        try "<!DOCTYPE html><html><body>Moved</body></html>".write(
            to: served.appendingPathComponent("page.json"), atomically: true, encoding: .utf8)
        // 50 MB: refused from its Content-Length, never read.
        FileManager.default.createFile(atPath: served.appendingPathComponent("huge.json").path, contents: nil)
        let huge = try FileHandle(forWritingTo: served.appendingPathComponent("huge.json"))
        try huge.truncate(atOffset: 50 << 20)
        try huge.close()
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        let mp3 = try Fixtures.toneMP3(in: home, name: "local.mp3", seconds: 1)
        let feed = Self.feed(
            [
                ("served", "chapters.json", mp3.path), ("huge", "huge.json", mp3.path), ("html", "page.json", mp3.path),
                ("missing", "gone.json", mp3.path),
            ], server: server)
        let feedFile = home.appendingPathComponent("feed.xml")
        try feed.write(to: feedFile, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", feedFile.path], home: home).status == 0)

        let first = try Self.chapters([try Self.ref("served", home: home)], home: home)
        #expect(first.object["source"] as? String == "podcast:chapters", "\(first)")
        let listed = try #require(first.object["chapters"] as? [[String: Any]])
        #expect(listed.map { $0["title"] as? String } == ["Intro", "Main part"])
        #expect(listed.map { $0["number"] as? Int } == [1, 2])
        #expect(listed.map { $0["start"] as? Double } == [0, 2.5])
        #expect(listed[1]["end"] as? Double == 5)
        #expect(listed[1]["url"] as? String == "https://example.com/main")
        #expect(listed[0]["image"] as? String == "https://example.com/intro.jpg")

        for (title, reason) in [("huge", "larger than"), ("html", "HTML"), ("missing", "404")] {
            let fallback = try Self.chapters([try Self.ref(title, home: home)], home: home)
            #expect(fallback.object["source"] as? String == "psc", "\(title): \(fallback)")
            #expect(
                fallback.stderr.split(separator: "\n").contains { $0.contains("podcast:chapters left out") && $0.contains(reason) },
                "\(title): \(fallback.stderr)")
        }

        // Offline: the kept chapters serve without the server.
        server.stop()
        let offline = try Self.chapters([try Self.ref("served", home: home)], home: home)
        #expect(offline.object["source"] as? String == "podcast:chapters", "\(offline)")
        #expect((offline.object["chapters"] as? [[String: Any]])?.count == 2)
        #expect(!offline.stderr.contains("left out"), "\(offline.stderr)")
    }

    @Test("chapters of a URL: an MP3's tag is read from its first bytes without fetching the audio; a chapters file is read whole")
    func ofURL() throws {
        let served = try Fixtures.temporaryDirectory("pl-pchapters-served")
        let home = try Fixtures.temporaryDirectory("pl-pchapters")
        let tagged = try ChaptersTests.tagged(ChaptersTests.titled, version: 4, in: served)
        // Padding after the tag makes the audio far larger than the tag: 8 MB more, sent 64 KB at a time.
        let handle = try FileHandle(forWritingTo: tagged)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0, count: 8 << 20))
        try handle.close()
        try Self.chaptersFile.write(to: served.appendingPathComponent("chapters.json"), atomically: true, encoding: .utf8)
        let server = try SlowFileServer(folder: served, chunkBytes: 64 << 10, delay: 0.05)
        defer { server.stop() }
        let fromTag = try Self.chapters([server.url(tagged.lastPathComponent)], home: home)
        #expect(fromTag.object["source"] as? String == "id3")
        #expect(
            (fromTag.object["chapters"] as? [[String: Any]])?.map { $0["title"] as? String }
                == ["Café intro", "🎙️ Interview", "第三章 news", "Ünïcödé outro ✓"])
        #expect(!server.finishedSending(tagged.lastPathComponent), "the whole MP3 was fetched")
        let fromFile = try Self.chapters([server.url("chapters.json")], home: home)
        #expect(fromFile.object["source"] as? String == "podcast:chapters")
        #expect((fromFile.object["chapters"] as? [[String: Any]])?.count == 2)
    }

    @Test(
        "playing streams into a PulseAudio null sink: a URL's ID3 chapters reach status as its tag arrives; a library episode's chapters file wins over its stream's tag"
    )
    func whileStreaming() throws {
        let served = try Fixtures.temporaryDirectory("pl-pchapters-served")
        let home = try Fixtures.temporaryDirectory("pl-pchapters")
        let tagged = try ChaptersTests.tagged(ChaptersTests.titled, version: 3, in: served)
        try Self.chaptersFile.write(to: served.appendingPathComponent("chapters.json"), atomically: true, encoding: .utf8)
        let server = try SlowFileServer(folder: served, chunkBytes: 16 << 10, delay: 0.02)
        defer { server.stop() }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let feedFile = home.appendingPathComponent("feed.xml")
        try Self.feed([("streamed", "chapters.json", server.url(tagged.lastPathComponent))], server: server)
            .write(to: feedFile, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", feedFile.path], home: home).status == 0)
        let ref = try Self.ref("streamed", home: home)

        for (target, source, firstTitle) in [
            (server.url(tagged.lastPathComponent), "id3", "Café intro"), (ref, "podcast:chapters", "Intro"),
        ] {
            let player = Process()
            player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
            player.arguments = ["play", target, "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet"]
            player.environment = ProcessInfo.processInfo.environment.merging([
                "PODLINE_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path,
            ]) { $1 }
            try player.run()
            defer { if player.isRunning { player.terminate() } }
            func status() throws -> [String: Any] {
                let status = try PodlineBinary.run(["status", "--json"], home: home)
                return (try? JSONSerialization.jsonObject(with: status.stdoutData) as? [String: Any]) ?? [:]
            }
            func chapter() throws -> [String: Any]? { try status()["chapter"] as? [String: Any] }
            // The feed's psc chapter may show first; the preferred source replaces it when it arrives.
            let current = try poll(timeout: 15, chapter) { $0?["title"] as? String == firstTitle }
            #expect(current?["title"] as? String == firstTitle, "\(target): \(String(describing: current))")
            #expect(current?["number"] as? Int == 1)
            // A less preferred source found later (the stream's tag) does not replace it: half a second into the
            // episode, the tag, which comes before the audio, has been read.
            let later = try poll(timeout: 10, every: 0.05, status) { ($0["position"] as? Double ?? 0) >= 0.5 }
            #expect((later["chapter"] as? [String: Any])?["title"] as? String == firstTitle)
            // Without an argument, `chapters` lists the playing episode's.
            let listed = try Self.chapters([], home: home)
            #expect(listed.object["source"] as? String == source, "\(target): \(listed)")
            _ = try PodlineBinary.run(["stop"], home: home)
            player.waitUntilExit()
        }
    }

    @Test("without an argument and without a player, chapters says so and exits 4")
    func nothingPlaying() throws {
        let home = try Fixtures.temporaryDirectory("pl-pchapters")
        let result = try PodlineBinary.run(["chapters"], home: home)
        #expect(result.status == 4)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("no running player"), "\(result.stderr)")
    }
}
