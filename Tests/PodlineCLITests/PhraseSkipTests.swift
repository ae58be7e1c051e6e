import Foundation
import TestSupport
import Testing

/// `skip_phrases`: a transcript cue that says a phrase is left out, to the sample: to its own end, or to the end of the
/// short chapter (a break) it lies in. The reference is mpg123's decoding with those samples cut out.
@Suite("skipped phrases, to the sample", .serialized)
struct PhraseSkipTests {
    /// A served episode (a 6 s sweep) with an SRT transcript `srt` and, when given, a podcast:chapters file `chapters`;
    /// subscribed and downloaded (transcript and chapters kept) in a new home whose config is `config`.
    static func episode(srt: String, chapters: String?, config: String) throws -> (home: URL, mp3: URL, env: [String: String?]) {
        let home = try Fixtures.temporaryDirectory("pl-skip-phrase")
        let served = try Fixtures.subfolder("served", in: home)
        let mp3 = try ChapterSkipTests.sweep("episode.mp3", in: served)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        try srt.write(to: served.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        var tags = "<podcast:transcript url=\"\(server.url("talk.srt"))\" type=\"application/x-subrip\" language=\"en\"/>"
        if let chapters {
            try chapters.write(to: served.appendingPathComponent("chapters.json"), atomically: true, encoding: .utf8)
            tags += "<podcast:chapters url=\"\(server.url("chapters.json"))\" type=\"application/json+chapters\"/>"
        }
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Said</title>
        <item><title>One</title><guid>one</guid><enclosure url="\(server.url("episode.mp3"))" type="audio/mpeg"/>\(tags)</item>
        </channel></rss>
        """.write(to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        try Fixtures.writeConfig(config, home: home)
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        #expect(try PodlineBinary.run(["add", server.url("feed.xml")], home: home, environment: environment).status == 0)
        #expect(try PodlineBinary.run(["download", "said/1"], home: home, environment: environment).status == 0)
        return (home, mp3, environment)
    }

    /// Plays `said/1` into a WAV file; returns it and what the player said.
    static func play(_ home: URL, _ environment: [String: String?]) throws -> (URL, String) {
        let out = home.appendingPathComponent("out.wav")
        let played = try PodlineBinary.run(
            ["play", "said/1", "--output", "wav:\(out.path)", "--quiet"], home: home, environment: environment)
        #expect(played.status == 0, "\(played.stderr)")
        return (out, played.stderr)
    }

    static let transcript = """
        1
        00:00:00,500 --> 00:00:02,000
        Welcome to the show.

        2
        00:00:02,000 --> 00:00:03,250
        This show is Brought to
        you BY Acme.

        3
        00:00:03,250 --> 00:00:05,500
        Now, the news.

        """

    @Test("with no chapters, the cue that says the phrase is cut out, from its start to its end")
    func cueAlone() throws {
        let (home, mp3, environment) = try Self.episode(
            srt: Self.transcript, chapters: nil, config: "skip_phrases = \"brought to you by\"\n")
        let (out, said) = try Self.play(home, environment)
        #expect(said.contains("skipped “brought to you by” (0:02–0:03)"), "\(said)")
        try ChapterSkipTests.expectCut(out, from: mp3, without: 2, 3.25, in: home)
    }

    @Test("in a 2.5 s chapter, the cue's phrase cuts out the rest of the chapter; a show's own phrases replace the general ones")
    func cueInABreak() throws {
        let chapters =
            #"{"version":"1.2.0","chapters":[{"startTime":0,"title":"Hello"},{"startTime":1.75,"title":"Break"},{"startTime":4.25,"title":"News"}]}"#
        let (home, mp3, environment) = try Self.episode(srt: Self.transcript, chapters: chapters, config: "skip_phrases = [\"not said\"]\n")
        let set = try PodlineBinary.run(["show", "said", "set", "skip_phrases", "brought to you by"], home: home, environment: environment)
        #expect(set.status == 0, "\(set.stderr)")
        let (out, _) = try Self.play(home, environment)
        try ChapterSkipTests.expectCut(out, from: mp3, without: 2, 4.25, in: home)
        let blank = try PodlineBinary.run(["show", "said", "set", "skip_phrases", " "], home: home, environment: environment)
        #expect(blank.status == 64 && blank.stderr.split(separator: "\n").count == 1, "\(blank.stderr)")
    }
}
