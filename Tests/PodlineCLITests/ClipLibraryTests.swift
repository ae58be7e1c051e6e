import Foundation
import TestSupport
import Testing

/// `clip` of library episodes: downloaded or fetched from a loopback server, tagged (read back with mutagen), from a
/// bookmark or a soundbite, as heard, and refused in one line with nothing written.
@Suite("clips of library episodes", .serialized)
struct ClipLibraryTests {
    /// A home subscribed to a show `talk` served from 127.0.0.1: episode 2 is a 30 s MP3 with four chapters (ID3 CHAP),
    /// a cover picture and two soundbites; episode 1 a 15 s pattern of 3 s of tone and 2 s of silence.
    struct Library {
        let home: URL
        let server: SlowFileServer
        let cover: Data

        init(_ label: String) throws {
            home = try Fixtures.temporaryDirectory(label)
            let served = try Fixtures.subfolder("served", in: home)
            let talk = try ClipTests.source(in: home, rate: 44_100, channels: 2)
            let mp3 = served.appendingPathComponent("two.mp3")
            try CommandRunner.tool("lame", ["--quiet", "-b", "128", talk.path, mp3.path])
            try Self.python(
                [
                    "-c",
                    """
                    import sys
                    from mutagen.id3 import ID3, CHAP, CTOC, TIT2, CTOCFlags
                    tag = ID3()
                    spans = [(0, 5000, 'Intro'), (5000, 12000, 'Sponsor'), (12000, 20000, 'Talk'), (20000, 30000, 'Outro')]
                    for i, (a, b, name) in enumerate(spans):
                        tag.add(CHAP(element_id='c%d' % i, start_time=a, end_time=b, sub_frames=[TIT2(encoding=3, text=[name])]))
                    tag.add(CTOC(element_id='toc', flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED,
                                 child_element_ids=['c%d' % i for i in range(4)]))
                    tag.save(sys.argv[1])
                    """, mp3.path,
                ])
            let unit = home.appendingPathComponent("unit.wav")
            try CommandRunner.tool(
                "sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", unit.path, "synth", "3", "sine", "440", "vol", "0.5", "pad", "0", "2"])
            let pattern = home.appendingPathComponent("pattern.wav")
            try CommandRunner.tool("sox", [unit.path, pattern.path, "repeat", "2"])
            try CommandRunner.tool("lame", ["--quiet", "-b", "128", pattern.path, served.appendingPathComponent("one.mp3").path])
            let picture = served.appendingPathComponent("cover.jpg")
            try CommandRunner.tool(
                "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=64x64", "-frames:v", "1", picture.path])
            cover = try Data(contentsOf: picture)
            server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
            let feed = served.appendingPathComponent("feed.xml")
            try """
            <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
            xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Talk</title>
            <itunes:author>Ada Host</itunes:author><itunes:image href="\(server.url("cover.jpg"))"/>
            <item><title>Two: bridges</title><guid>two</guid><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>
            <enclosure url="\(server.url("two.mp3"))" type="audio/mpeg" length="1"/>
            <podcast:soundbite startTime="6.5" duration="4.25">The sponsor</podcast:soundbite></item>
            <item><title>One</title><guid>one</guid><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate>
            <enclosure url="\(server.url("one.mp3"))" type="audio/mpeg" length="1"/></item>
            </channel></rss>
            """.write(to: feed, atomically: true, encoding: .utf8)
            let added = try run(["add", server.url("feed.xml")])
            #expect(added.status == 0, "\(added.stderr)")
        }

        /// Runs Debian's python3 (where python3-mutagen is), failing the test when it fails.
        @discardableResult
        static func python(_ arguments: [String]) throws -> ProcessResult {
            let result = try CommandRunner.run("/usr/bin/python3", arguments)
            guard result.status == 0 else { throw TestSupportError("python3 \(arguments.first ?? ""): \(result.stderr)") }
            return result
        }

        func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> ProcessResult {
            try PodlineBinary.run(arguments, home: home, timeout: timeout)
        }

        func json(_ arguments: [String]) throws -> [String: Any] {
            let result = try run(arguments + ["--json"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        }

        /// What mutagen reads of an MP3's tag and stream, as JSON.
        func tags(of file: URL) throws -> [String: Any] {
            let script = """
                import sys, json
                from mutagen.mp3 import MP3
                m = MP3(sys.argv[1])
                t = m.tags
                chaps = sorted((f for k, f in t.items() if k.startswith('CHAP:')), key=lambda f: f.start_time)
                print(json.dumps({
                    'length': m.info.length, 'title': str(t['TIT2']), 'album': str(t['TALB']), 'artist': str(t['TPE1']),
                    'chapters': [[c.start_time, c.end_time, str(c.sub_frames['TIT2'])] for c in chaps],
                    'toc': list(t['CTOC:toc'].child_element_ids),
                    'picture': [t['APIC:'].mime, t['APIC:'].type, len(t['APIC:'].data)] if 'APIC:' in t else None,
                }))
                """
            let result = try Self.python(["-c", script, file.path])
            return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        }
    }

    @Test("a streamed episode's clip is fetched, cut, tagged with its title, show, chapters inside and the feed's picture")
    func taggedFromTheNetwork() throws {
        let library = try Library("pl-clip-tags")
        defer { library.server.stop() }
        let out = library.home.appendingPathComponent("moment.mp3")
        let made = try library.json(["clip", "talk/2", "3.5", "14", "-o", out.path])
        #expect(made["format"] as? String == "mp3" && made["seconds"] as? Double == 10.5 && made["chapters"] as? Int == 3, "\(made)")
        let tags = try library.tags(of: out)
        #expect(tags["title"] as? String == "Two: bridges" && tags["album"] as? String == "Talk")
        #expect(tags["artist"] as? String == "Ada Host")
        #expect(abs((tags["length"] as? Double ?? 0) - 10.5) < 0.001, "\(tags)")
        let chapters = try #require(tags["chapters"] as? [[Any]])
        #expect(chapters.map { $0[0] as? Int } == [0, 1500, 8500] && chapters.map { $0[1] as? Int } == [1500, 8500, 10500])
        #expect(chapters.map { $0[2] as? String } == ["Intro", "Sponsor", "Talk"])
        #expect((tags["toc"] as? [String])?.count == 3)
        let picture = try #require(tags["picture"] as? [Any])
        #expect(picture[0] as? String == "image/jpeg" && picture[1] as? Int == 3 && picture[2] as? Int == library.cover.count)
        // Cut from the stream's own bytes: the samples are the downloaded file's.
        #expect(try library.run(["download", "talk/2"]).status == 0)
        let downloaded = try #require(
            try FileManager.default.subpathsOfDirectory(atPath: library.home.path).first { $0.hasSuffix(".mp3") && $0.contains("Two") })
        let whole = try WAVFile(url: try Fixtures.mpg123Reference(of: library.home.appendingPathComponent(downloaded), in: library.home))
        let clipped = try WAVFile(url: try Fixtures.mpg123Reference(of: out, in: library.home)).samples
        #expect(clipped == ClipTests.span(whole, 3.5, 14))
        // Nothing fetched for the clip is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("podline-clip-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a bookmark with --length, and a soundbite, give their spans")
    func bookmarkAndSoundbite() throws {
        let library = try Library("pl-clip-marks")
        defer { library.server.stop() }
        #expect(try library.run(["bookmark", "talk/2", "0:21", "the outro"]).status == 0)
        let marked = try library.json(["clip", "bookmark/1", "--length", "4s", "-o", library.home.appendingPathComponent("b.wav").path])
        #expect(marked["from"] as? Double == 21 && marked["to"] as? Double == 25 && marked["seconds"] as? Double == 4, "\(marked)")
        let bite = library.home.appendingPathComponent("bite.flac")
        let made = try library.json(["clip", "talk/2", "--soundbite", "1", "-o", bite.path])
        #expect(made["from"] as? Double == 6.5 && made["to"] as? Double == 10.75, "\(made)")
        let back = library.home.appendingPathComponent("bite.wav")
        try CommandRunner.tool("flac", ["-s", "-d", "-f", "-o", back.path, bite.path])
        #expect(abs(try WAVFile(url: back).duration - 4.25) < 0.0001)
        let missing = try library.run(["clip", "talk/2", "--soundbite", "3", "-o", bite.path])
        #expect(missing.status == 2 && missing.stderr.contains("no soundbite 3"), "\(missing.stderr)")
    }

    @Test("--as-heard bakes in the show's speed and skip silence: the clip lasts what the log says the same listening took")
    func asHeard() throws {
        let library = try Library("pl-clip-heard")
        defer { library.server.stop() }
        #expect(try library.run(["show", "talk", "set", "speed", "1.5"]).status == 0)
        #expect(try library.run(["show", "talk", "set", "skip_silence", "true"]).status == 0)
        let played = try library.run(["play", "talk/1", "--output", "null", "--fast", "--quiet"], timeout: 90)
        #expect(played.status == 0, "\(played.stderr)")
        let history = try library.run(["history", "--json"])
        let stretches = try #require(try JSONSerialization.jsonObject(with: history.stdoutData) as? [[String: Any]])
        let skipped = stretches.reduce(0) { $0 + ($1["silence_skipped"] as? Double ?? 0) }
        #expect(skipped > 2, "the pauses were shortened: \(stretches)")
        let out = library.home.appendingPathComponent("heard.wav")
        let made = try library.json(["clip", "talk/1", "0", "15", "--as-heard", "-o", out.path])
        let length = try WAVFile(url: out).duration
        let expected = (15 - skipped) / 1.5
        #expect(abs(length - expected) <= 0.02, "the clip lasts \(length) s; the log says \(expected) s")
        #expect(abs((made["silence_skipped"] as? Double ?? 0) - skipped) <= 0.03, "\(made)")
        #expect(made["as_heard"] as? Bool == true)
    }

    @Test("bad input: one line, its exit code, and nothing written or changed")
    func refusals() throws {
        let library = try Library("pl-clip-bad")
        defer { library.server.stop() }
        let kept = library.home.appendingPathComponent("kept.wav")
        try Data("what was there".utf8).write(to: kept)
        let cases: [([String], Int32, String)] = [
            (["talk/2", "14", "3.5", "-o", kept.path], 64, "is not after FROM"),
            (["talk/2", "25", "40", "-o", kept.path], 64, "is past the end of talk/2"),
            (["talk/2", "31", "32", "-o", kept.path], 64, "is past the end of talk/2"),
            (["talk/2", "1", "2", "-o", library.home.appendingPathComponent("x.ogg").path], 64, "name a .wav, .flac or .mp3 file"),
            (["talk/2", "1", "2", "--as-heard", "-o", library.home.appendingPathComponent("x.mp3").path], 64, "would need re-encoding"),
            (["talk/2", "1", "2"], 64, "-o FILE"),
            (["talk/2", "1", "-o", kept.path], 64, "give TO or --length"),
            (["talk/9", "1", "2", "-o", kept.path], 2, "talk/9"),
            (["talk/2", "1", "2", "-o", library.home.appendingPathComponent("no/such/folder/x.wav").path], 1, "cannot be written"),
        ]
        for (arguments, status, words) in cases {
            let result = try library.run(["clip"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(words) && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try String(contentsOf: kept, encoding: .utf8) == "what was there")
        let files = try FileManager.default.contentsOfDirectory(atPath: library.home.path)
        #expect(!files.contains { $0.hasSuffix(".part") || $0.hasSuffix(".ogg") || $0 == "x.mp3" }, "\(files)")
        // The server stopped: a clip of an episode not downloaded cannot be had, and says so.
        library.server.stop()
        let offline = try library.run(["clip", "talk/1", "1", "2", "-o", kept.path])
        #expect(offline.status == 69 && offline.stderr.split(separator: "\n").count == 1, "\(offline.stderr)")
        #expect(try String(contentsOf: kept, encoding: .utf8) == "what was there")
    }
}
