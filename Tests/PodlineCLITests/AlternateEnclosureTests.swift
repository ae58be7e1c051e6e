import Foundation
import TestSupport
import Testing

/// A feed that offers an episode in several files (`podcast:alternateEnclosure`, more `<enclosure>`s): all are kept,
/// and `prefer_format` (general, then the show's) picks the one streamed and downloaded.
@Suite("alternate enclosures and prefer_format", .serialized)
struct AlternateEnclosureTests {
    @Test(
        "an MP3 enclosure with an Opus alternative: the MP3 plays, prefer_format = \"opus\" plays the Opus file, a show's mp3 wins back, download follows"
    )
    func preferFormat() throws {
        let home = try Fixtures.temporaryDirectory("pl-alternates")
        let served = try Fixtures.subfolder("served", in: home)
        _ = try Fixtures.toneMP3(in: served, name: "talk.mp3", seconds: 2)
        try CommandRunner.tool(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2", "-c:a", "libopus",
                served.appendingPathComponent("talk.opus").path,
            ])
        let web = try SlowFileServer(folder: served, chunkBytes: 65_536, delay: 0)
        defer { web.stop() }
        let feed = home.appendingPathComponent("feed.xml")
        try Data(
            """
            <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Choices</title>
            <item><title>Talk</title><guid>talk-1</guid>
            <enclosure url="\(web.url("talk.mp3"))" type="audio/mpeg" length="1"/>
            <podcast:alternateEnclosure type="audio/opus" length="2" bitrate="32000">
              <podcast:source uri="ipfs://QmNothingHere"/>
              <podcast:source uri="\(web.url("talk.opus"))"/>
            </podcast:alternateEnclosure>
            </item></channel></rss>
            """.utf8
        ).write(to: feed)
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        #expect(try PodlineBinary.run(["add", feed.path], home: home, environment: environment).status == 0)
        let inspected = try PodlineBinary.run(["inspect", feed.path, "--json"], home: home)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inspected.stdout.utf8)) as? [String: Any])
        let episode = try #require((object["episodes"] as? [[String: Any]])?.first)
        #expect((episode["alternates"] as? [[String: Any]])?.map { $0["url"] as? String } == [web.url("talk.opus")])

        /// The sample rate of what `show/1` plays: 44,100 Hz is the MP3, 48,000 Hz the Opus file.
        func playedRate() throws -> Int {
            let out = home.appendingPathComponent("out.wav")
            let played = try PodlineBinary.run(["play", "choices/1", "--output", "wav:\(out.path)"], home: home, environment: environment)
            #expect(played.status == 0, "\(played.stderr)")
            return try WAVFile(url: out).sampleRate
        }
        #expect(try playedRate() == 44_100)
        let config = home.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "prefer_format = \"opus\"\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        #expect(try playedRate() == 48_000)
        #expect(
            try PodlineBinary.run(["show", "choices", "set", "prefer_format", "mp3"], home: home, environment: environment).status == 0)
        #expect(try playedRate() == 44_100)
        #expect(
            try PodlineBinary.run(["show", "choices", "set", "prefer_format", "opus"], home: home, environment: environment).status == 0)
        let download = try PodlineBinary.run(["download", "choices/1"], home: home, environment: environment)
        #expect(download.status == 0, "\(download.stderr)")
        #expect(download.stdout.contains(".opus"), "\(download.stdout)")
        let bad = try PodlineBinary.run(["show", "choices", "set", "prefer_format", "wma"], home: home, environment: environment)
        #expect(bad.status != 0)
        #expect(bad.stderrLines.count == 1, "\(bad.stderr)")
    }
}
