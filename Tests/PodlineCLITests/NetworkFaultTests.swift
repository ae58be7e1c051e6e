import Foundation
import TestSupport
import Testing

/// What a listener on a train meets, end to end on the built binary: hosts that do not resolve or refuse,
/// connections that break off mid-episode, addresses with schemes Podline does not read.
@Suite("network faults, end to end", .serialized)
struct NetworkFaultTests {
    @Test("a host that does not resolve, or refuses, fails at once with one wording for add, inspect and play")
    func failsAtOnce() throws {
        let home = try Fixtures.temporaryDirectory("pl-net")
        for (url, reason) in [
            ("http://podline-test.invalid/feed.xml", "host not found"), ("http://127.0.0.1:9/feed.xml", "connection refused"),
        ] {
            for command in [["add", url], ["inspect", url], ["play", url, "--output", "null"]] {
                let started = Date()
                let result = try PodlineBinary.run(command, home: home)
                // The connect timeout is 10 s: failing well inside it shows nothing waited for it.
                #expect(Date().timeIntervalSince(started) < 5, "\(command)")
                #expect(result.status == 2, "\(command): \(result.stderr)")
                #expect(result.stderrLines == ["podline: \(url): \(reason)"], "\(command)")
            }
        }
    }

    @Test(
        "chapters of a URL that cannot be read says why in one line, exit 2: a 404, a refused connection, a page, text, binary data, broken JSON"
    )
    func chaptersOfABadURL() throws {
        let home = try Fixtures.temporaryDirectory("pl-net")
        let served = try Fixtures.subfolder("served", in: home)
        let files: [(String, [UInt8])] = [
            ("page.html", Array("<!DOCTYPE html><html><body>Not found, but a page all the same</body></html>".utf8)),
            ("notes.txt", Array("Chapter one: the beginning.\nChapter two: the end.\n".utf8)),
            ("binary.bin", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
            ("broken.json", Array(#"{"version":"1.2.0","chapters":[{"startTime":0,"title":"#.utf8)),
            ("short.json", Array("{oops".utf8)),
            (
                "chapters.json",
                Array(#"{"version":"1.2.0","chapters":[{"startTime":0,"title":"Intro"},{"startTime":30,"title":"Talk"}]}"#.utf8)
            ),
        ]
        for (name, bytes) in files { try Data(bytes).write(to: served.appendingPathComponent(name)) }
        _ = try Fixtures.toneMP3(in: served, name: "plain.mp3", seconds: 2)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        for (url, reason) in [
            (server.url("missing.json"), "HTTP 404 Not Found"), ("http://127.0.0.1:9/chapters.json", "connection refused"),
            (server.url("page.html"), "not a chapters file or audio (an HTML page)"),
            (server.url("notes.txt"), "not a chapters file or audio (text)"),
            (server.url("binary.bin"), "not a chapters file or audio (binary data)"),
            (server.url("broken.json"), "the chapters file is not valid JSON"),
            (server.url("short.json"), "the chapters file is not valid JSON"),
        ] {
            let result = try PodlineBinary.run(["chapters", url], home: home)
            #expect(result.status == 2, "\(url): \(result.stdout) \(result.stderr)")
            #expect(result.stderrLines == ["podline: \(url): \(reason)"], "\(url)")
            #expect(result.stdout.isEmpty, "\(url): \(result.stdout)")
        }
        // What can be read still answers: a chapters file, and audio without chapters.
        let listed = try PodlineBinary.run(["chapters", server.url("chapters.json")], home: home)
        #expect(listed.status == 0 && listed.stdoutLines.first == "Chapters (podcast:chapters):", "\(listed.stdout) \(listed.stderr)")
        let plain = try PodlineBinary.run(["chapters", server.url("plain.mp3")], home: home)
        #expect(plain.status == 0 && plain.stdout == "No chapters.\n" && plain.stderr.isEmpty, "\(plain.stdout) \(plain.stderr)")
    }

    @Test("chapters of a URL whose server stops sending gives up at the read timeout (30 s): one line, exit 2")
    func chaptersTimeOut() throws {
        let home = try Fixtures.temporaryDirectory("pl-net")
        let served = try Fixtures.subfolder("served", in: home)
        // An ID3v2 tag of 2 kB: the server sends its first 16 bytes, then nothing for two minutes.
        try Data([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0x10, 0] + [UInt8](repeating: 0, count: 4096)).write(
            to: served.appendingPathComponent("stalled.mp3"))
        let server = try SlowFileServer(folder: served, chunkBytes: 16, delay: 120)
        defer { server.stop() }
        let url = server.url("stalled.mp3")
        let started = Date()
        let result = try PodlineBinary.run(["chapters", url], home: home, timeout: 90)
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
        #expect(result.stderrLines == ["podline: \(url): timed out waiting for data (after 30 s)"], "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test("a feed or an OPML file that is binary data is refused in words, never its bytes")
    func binaryFeed() throws {
        let home = try Fixtures.temporaryDirectory("pl-net")
        let served = try Fixtures.subfolder("served", in: home)
        // Bytes that read as an element (`<ýD©I…`) among control bytes, as a picture or an archive holds.
        let bytes: [UInt8] =
            [0x1F, 0x8B, 0x08, 0x3C, 0xFD, 0x44, 0xA9, 0x49, 0x2E, 0xAB, 0x42, 0x20, 0x3E]
            + (0..<3000).map {
                UInt8(truncatingIfNeeded: $0 &* 131 &+ 7)
            }
        let file = served.appendingPathComponent("feed.xml")
        try Data(bytes).write(to: file)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        for (command, name) in [
            (["inspect", server.url("feed.xml")], server.url("feed.xml")), (["add", server.url("feed.xml")], server.url("feed.xml")),
            (["inspect", file.path], file.path),
        ] {
            let result = try PodlineBinary.run(command, home: home)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderrLines == ["podline: \(name): not a feed: binary data"], "\(command)")
        }
        let imported = try PodlineBinary.run(["import", file.path], home: home)
        #expect(imported.status == 2, "\(imported.stderr)")
        #expect(imported.stderrLines == ["podline: \(file.path): not OPML: binary data"], "\(imported.stderr)")
    }

    @Test("an unknown scheme is refused, and feed:// means http://")
    func schemes() throws {
        let home = try Fixtures.temporaryDirectory("pl-net")
        let refused = try PodlineBinary.run(["add", "ftp://example.com/feed.xml"], home: home)
        #expect(refused.status == 2)
        #expect(
            refused.stderrLines == [
                "podline: ftp://example.com/feed.xml: unsupported URL scheme 'ftp' (http, https, feed, itpc, pcast, file)"
            ])
        let served = home.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try "<rss version=\"2.0\"><channel><title>Schemes</title></channel></rss>".write(
            to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        let address = server.url("feed.xml")
        let added = try PodlineBinary.run(["add", address.replacingOccurrences(of: "http://", with: "feed://")], home: home)
        #expect(added.status == 0, "\(added.stderr)")
        let shows = try PodlineBinary.run(["shows", "--json"], home: home)
        #expect(shows.stdout.contains(address))
        // A permanent redirect: inspect names the new address as add records it.
        let inspected = try PodlineBinary.run(["inspect", server.url("moved/feed.xml"), "--json"], home: home)
        let feed = try JSONSerialization.jsonObject(with: inspected.stdoutData) as? [String: Any]
        #expect(feed?["new_url"] as? String == address, "\(inspected.stdout)")
        // The same feed through a temporary redirect, or through another address that redirects for good, is the show
        // already here: not subscribed a second time.
        for other in [server.url("found/feed.xml"), server.url("moved/feed.xml")] {
            let again = try PodlineBinary.run(["add", other], home: home)
            #expect((again.stdout + again.stderr).contains("already subscribed"), "add \(other): \(again.stdout) \(again.stderr)")
        }
        let after = try PodlineBinary.run(["shows", "--json"], home: home)
        let count = (try JSONSerialization.jsonObject(with: after.stdoutData) as? [Any])?.count
        #expect(count == 1, "\(after.stdout)")
    }

    @Test("a stream that breaks off every 64 kB is reopened where it stopped and plays every sample")
    func streamReconnects() throws {
        let folder = try Fixtures.temporaryDirectory("pl-net")
        let mp3 = try Fixtures.toneMP3(in: folder, name: "episode.mp3", seconds: 12, frequency: 440)
        let reference = try WAVFile(url: Fixtures.mpg123Reference(of: mp3, in: folder))
        let server = try SlowFileServer(folder: folder, chunkBytes: 16_384, delay: 0, dropAfter: 65_536)
        defer { server.stop() }
        let out = folder.appendingPathComponent("streamed.wav")
        let result = try PodlineBinary.run(
            ["play", server.url("episode.mp3"), "--output", "wav:\(out.path)", "--verbose"], home: folder, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try WAVFile(url: out).samples == reference.samples)
        let said = result.stderrLines.filter { $0.contains("reconnecting") }
        #expect(said.count == 1, "\(result.stderr)")
    }

    @Test("a stream whose server goes away plays what came, then gives up with one line once the tries are spent")
    func streamGivesUp() throws {
        let folder = try Fixtures.temporaryDirectory("pl-net")
        let mp3 = try Fixtures.toneMP3(in: folder, name: "episode.mp3", seconds: 12, frequency: 440)
        let server = try SlowFileServer(folder: folder, chunkBytes: 16_384, delay: 0, dropAfter: 65_536)
        let out = folder.appendingPathComponent("partial.wav")
        let player = Process()
        player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        player.arguments = ["play", server.url("episode.mp3"), "--output", "wav:\(out.path)"]
        player.environment = ProcessInfo.processInfo.environment.merging(["PODLINE_HOME": folder.path, "XDG_RUNTIME_DIR": folder.path]) {
            $1
        }
        let errors = Pipe()
        player.standardError = errors
        // The server answers the first request, then is gone: every reconnection is refused. It is stopped
        // once 3 s of audio are out (a WAV output is not paced), so the first answer has all arrived.
        try player.run()
        func written() -> Int { (try? FileManager.default.attributesOfItem(atPath: out.path)[.size] as? Int) ?? 0 }
        _ = poll(timeout: 20, every: 0.01, written, until: { $0 >= 3 * 44_100 * 4 })
        server.stop()
        player.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(player.terminationStatus == 2, "\(stderr)")
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("connection refused") == true, "\(stderr)")
        // Each answer brings 64 kB, about 4 s of this 12 s MP3: what came was played before giving up.
        let frames = try WAVFile(url: out).frameCount
        let whole = try WAVFile(url: Fixtures.mpg123Reference(of: mp3, in: folder)).frameCount
        #expect(frames > 3 * 44_100 && frames < whole, "\(frames) frames of \(whole)")
    }

    @Test("a download that breaks off every 64 kB resumes until the file is whole")
    func downloadResumes() throws {
        let home = try Fixtures.temporaryDirectory("pl-net")
        let served = home.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let mp3 = try Fixtures.toneMP3(in: served, name: "long.mp3", seconds: 12)
        let bytes = try Data(contentsOf: mp3)
        let server = try SlowFileServer(folder: served, chunkBytes: 16_384, delay: 0, dropAfter: 65_536)
        defer { server.stop() }
        let feed = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Flaky</title><item><title>Long</title><guid>long</guid>\
            <enclosure url="\(server.url("long.mp3"))" type="audio/mpeg" length="\(bytes.count)"/></item></channel></rss>
            """
        try feed.write(to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", server.url("feed.xml")], home: home).status == 0)
        let result = try PodlineBinary.run(["download", "flaky/1"], home: home, environment: ["NO_COLOR": "1"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let listed = try PodlineBinary.run(["episodes", "--downloaded", "--json"], home: home)
        let files = (try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])?.compactMap { $0["file"] as? String }
        let file = try #require(files?.first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
    }
}
