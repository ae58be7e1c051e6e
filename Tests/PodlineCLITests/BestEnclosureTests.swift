import Foundation
import TestSupport
import Testing

/// The best of several files (`podcast:alternateEnclosure`): chosen by the formats preferred in order and by
/// `max_bitrate`, and checked against the feed's integrity hash after a download. Each file has a sample rate of its
/// own, so what plays tells which was chosen.
@Suite("the best enclosure: formats in order, a bit rate limit, integrity", .serialized)
struct BestEnclosureTests {
    /// The served files: an MP3 at 128 kb/s (44.1 kHz), one at 64 kb/s (32 kHz), Opus at 32 kb/s (48 kHz) and AAC at
    /// 64 kb/s (22.05 kHz).
    static func files(in served: URL) throws {
        let wav = served.appendingPathComponent("talk.wav")
        try CommandRunner.tool("sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", wav.path, "synth", "2", "sine", "440", "vol", "0.5"])
        try CommandRunner.tool("lame", ["--quiet", "-b", "128", wav.path, served.appendingPathComponent("high.mp3").path])
        try CommandRunner.tool(
            "lame", ["--quiet", "--resample", "32", "-b", "64", wav.path, served.appendingPathComponent("low.mp3").path])
        try CommandRunner.tool(
            "ffmpeg", ["-v", "error", "-i", wav.path, "-c:a", "libopus", "-b:a", "32k", served.appendingPathComponent("talk.opus").path])
        try CommandRunner.tool(
            "ffmpeg",
            ["-v", "error", "-i", wav.path, "-ar", "22050", "-c:a", "aac", "-b:a", "64k", served.appendingPathComponent("talk.m4a").path])
    }

    /// SRI's `sha384-BASE64` of the file at `url`, by Python's hashlib.
    static func sri(_ url: URL) throws -> String {
        let script =
            "import base64, hashlib, sys; print('sha384-' + base64.b64encode(hashlib.sha384(open(sys.argv[1], 'rb').read()).digest()).decode())"
        let run = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, url.path])
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A feed whose episode is `high.mp3` (its bit rate said by an alternate of the same URL, as the namespace's example
    /// does), with the three others as alternates; the AAC file's integrity is `aacIntegrity`.
    static func feed(_ server: SlowFileServer, aacIntegrity: String) -> String {
        """
        <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Choices</title>
        <item><title>Talk</title><guid>talk-1</guid>
        <enclosure url="\(server.url("high.mp3"))" type="audio/mpeg" length="1"/>
        <podcast:alternateEnclosure type="audio/mpeg" length="1" bitrate="128000" default="true" title="Standard">
          <podcast:source uri="\(server.url("high.mp3"))"/>
        </podcast:alternateEnclosure>
        <podcast:alternateEnclosure type="audio/mpeg" length="1" bitrate="64000" title="Low">
          <podcast:integrity type="pgp-signature" value="not checked"/>
          <podcast:source uri="\(server.url("low.mp3"))"/>
        </podcast:alternateEnclosure>
        <podcast:alternateEnclosure type="audio/opus" length="1" bitrate="32000">
          <podcast:source uri="ipfs://QmdwGqd3d2gFPGeJNLLCshdiPert45fMu84552Y4XHTy4y"/>
          <podcast:source uri="\(server.url("talk.opus"))"/>
        </podcast:alternateEnclosure>
        <podcast:alternateEnclosure type="audio/mp4" length="1" bitrate="64000">
          <podcast:source uri="\(server.url("talk.m4a"))"/>
          <podcast:integrity type="sri" value="\(aacIntegrity)"/>
        </podcast:alternateEnclosure>
        </item></channel></rss>
        """
    }

    /// A new home, the files served from its folder `served`, and the SRI of the AAC file.
    static func serve(_ label: String) throws -> (home: URL, served: URL, server: SlowFileServer, integrity: String) {
        let home = try Fixtures.temporaryDirectory(label)
        let served = try Fixtures.subfolder("served", in: home)
        try files(in: served)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        return (home, served, server, try sri(served.appendingPathComponent("talk.m4a")))
    }

    @Test("the feed's files are read with their bit rates and integrity; prefer_format in order and max_bitrate choose among them")
    func choice() throws {
        let (home, _, server, integrity) = try Self.serve("pl-best-enclosure")
        defer { server.stop() }
        let feed = home.appendingPathComponent("feed.xml")
        try Self.feed(server, aacIntegrity: "sha256-AAAA " + integrity).write(to: feed, atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        #expect(try PodlineBinary.run(["add", feed.path], home: home, environment: environment).status == 0)

        let inspected = try PodlineBinary.run(["inspect", feed.path, "--json"], home: home)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inspected.stdout.utf8)) as? [String: Any])
        let alternates = try #require(((object["episodes"] as? [[String: Any]])?.first?["alternates"]) as? [[String: Any]])
        #expect(alternates.map { $0["url"] as? String } == ["high.mp3", "low.mp3", "talk.opus", "talk.m4a"].map(server.url))
        #expect(alternates.map { $0["bitrate"] as? Double } == [128_000, 64_000, 32_000, 64_000])
        #expect(alternates.map { $0["integrity"] as? String } == [nil, nil, nil, "sha256-AAAA " + integrity])

        /// The sample rate of what `choices/1` plays with `config` as config.toml.
        func playedRate(_ config: String) throws -> Int {
            try Fixtures.writeConfig(config, home: home)
            let out = home.appendingPathComponent("out.wav")
            let played = try PodlineBinary.run(["play", "choices/1", "--output", "wav:\(out.path)"], home: home, environment: environment)
            #expect(played.status == 0, "\(played.stderr)")
            return try WAVFile(url: out).sampleRate
        }
        #expect(try playedRate("") == 44_100)
        #expect(try playedRate("prefer_format = [\"wav\", \"aac\", \"opus\"]\n") == 22_050)
        #expect(try playedRate("prefer_format = [\"opus\", \"aac\"]\n") == 48_000)
        // Within 96 kb/s the highest first: the two at 64 kb/s in the feed's order, the MP3 first.
        #expect(try playedRate("max_bitrate = 96\n") == 32_000)
        #expect(try playedRate("max_bitrate = 96\nprefer_format = \"m4a\"\n") == 22_050)
        // None within 16 kb/s: the lowest.
        #expect(try playedRate("max_bitrate = 16\n") == 48_000)
        // A show's own limit wins over the general one.
        #expect(try playedRate("max_bitrate = 16\n\n[shows.choices]\nmax_bitrate = 0\n") == 44_100)
        #expect(try PodlineBinary.run(["show", "choices", "set", "max_bitrate", "16"], home: home, environment: environment).status == 0)
        let set = try PodlineBinary.run(["show", "choices", "--json"], home: home, environment: environment)
        #expect(set.stdout.contains(#""max_bitrate":{"value":16,"source":"#), "\(set.stdout)")
        for (bad, key) in [("max_bitrate = -1\n", "max_bitrate"), ("prefer_format = [\"opus\", \"wma\"]\n", "prefer_format")] {
            try Fixtures.writeConfig(bad, home: home)
            let refused = try PodlineBinary.run(["play", "choices/1", "--output", "null"], home: home, environment: environment)
            #expect(refused.status == 78 && refused.stderrLines.count == 1 && refused.stderr.contains(key), "\(refused.stderr)")
        }
    }

    @Test("a download that does not match the feed's sha384 is one line, exit 2, and is not kept; one that matches is")
    func integrity() throws {
        let (home, served, server, good) = try Self.serve("pl-integrity")
        defer { server.stop() }
        let wrong = try Self.sri(served.appendingPathComponent("talk.opus"))
        let feed = home.appendingPathComponent("feed.xml")
        try Self.feed(server, aacIntegrity: wrong).write(to: feed, atomically: true, encoding: .utf8)
        try Fixtures.writeConfig("prefer_format = \"aac\"\n", home: home)
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        #expect(try PodlineBinary.run(["add", feed.path], home: home, environment: environment).status == 0)

        let refused = try PodlineBinary.run(["download", "choices/1"], home: home, environment: environment)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderrLines == ["podline: choices/1: the file does not match the feed's sha384 integrity hash; not kept"])
        let kept = FileManager.default.enumerator(atPath: home.appendingPathComponent("episodes").path)?.compactMap { $0 as? String }
        #expect((kept ?? []).filter { !$0.hasSuffix("/") && $0.contains(".") }.isEmpty, "\(kept ?? [])")

        try Self.feed(server, aacIntegrity: good).write(to: feed, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["update"], home: home, environment: environment).status == 0)
        let downloaded = try PodlineBinary.run(["download", "choices/1"], home: home, environment: environment)
        #expect(downloaded.status == 0, "\(downloaded.stderr)")
        #expect(downloaded.stdout.contains(".m4a"), "\(downloaded.stdout)")
    }
}
