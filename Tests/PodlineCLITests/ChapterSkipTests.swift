import Foundation
import TestSupport
import Testing

/// `skip_chapters`: a chapter whose title matches is left out of what is played, to the sample. The reference is the
/// file decoded by mpg123 with the chapter's samples cut out; chapters come from an ID3 CHAP tag (mutagen wrote it) and
/// from a podcast:chapters file.
@Suite("skipped chapters, to the sample", .serialized)
struct ChapterSkipTests {
    static let rate = 44_100

    /// A 6 s stereo sweep (no two stretches alike) as an MP3 named `name`.
    static func sweep(_ name: String, in folder: URL) throws -> URL {
        let wav = folder.appendingPathComponent(name + ".wav")
        let mp3 = folder.appendingPathComponent(name)
        try CommandRunner.tool(
            "sox", ["-n", "-r", "\(rate)", "-c", "2", "-b", "16", wav.path, "synth", "6", "sine", "100-4000", "vol", "0.5"])
        try CommandRunner.tool("lame", ["--quiet", "-b", "128", wav.path, mp3.path])
        return mp3
    }

    /// The reference decoding of `mp3` without the frames from `from` to `to` seconds.
    static func expected(_ mp3: URL, without from: Double, _ to: Double, in folder: URL) throws -> [Int16] {
        let reference = try WAVFile(url: try Fixtures.mpg123Reference(of: mp3, in: folder)).samples
        let cut = Int((from * Double(rate)).rounded()) * 2
        let resume = Int((to * Double(rate)).rounded()) * 2
        return Array(reference[..<cut] + reference[resume...])
    }

    /// Expects the WAV `written` to hold the samples of `mp3` without those from `from` to `to` seconds, every one.
    static func expectCut(_ written: URL, from mp3: URL, without from: Double, _ to: Double, in folder: URL) throws {
        let heard = try WAVFile(url: written).samples
        let expected = try Self.expected(mp3, without: from, to, in: folder)
        #expect(heard.count == expected.count, "\(heard.count) samples, not \(expected.count)")
        let differs = zip(heard, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(differs == nil, "first differs at sample \(differs ?? -1)")
    }

    @Test("an ID3 CHAP chapter titled Sponsor is cut out to the sample; the player says so")
    func id3Chapter() throws {
        let home = try Fixtures.temporaryDirectory("pl-skip-id3")
        let mp3 = try Self.sweep("talk.mp3", in: home)
        let script = home.appendingPathComponent("write-chapters.py")
        try ChaptersTests.writer.write(to: script, atomically: true, encoding: .utf8)
        let chapters: [[String: Any]] = [
            ["start": 0, "end": 1500, "title": "Intro", "encoding": 3],
            ["start": 1500, "end": 3250, "title": "Sponsor: Acme", "encoding": 3],
            ["start": 3250, "end": 6000, "title": "Main", "encoding": 3],
        ]
        let list = String(decoding: try JSONSerialization.data(withJSONObject: chapters), as: UTF8.self)
        let written = try CommandRunner.run("/usr/bin/env", [ChaptersTests.python(), script.path, mp3.path, "4", list])
        try #require(written.status == 0, "mutagen: \(written.stderr)")
        try Fixtures.writeConfig("skip_chapters = [\"(?i)sponsor\", \"(?i)^ads?$\"]\n", home: home)
        let out = home.appendingPathComponent("out.wav")
        let played = try PodlineBinary.run(
            ["play", mp3.path, "--output", "wav:\(out.path)", "--quiet"], home: home,
            environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.contains("skipped chapter “Sponsor: Acme” (0:02–0:03)"), "\(played.stderr)")
        try Self.expectCut(out, from: mp3, without: 1.5, 3.25, in: home)
    }

    @Test("a podcast:chapters chapter a show's own skip_chapters names is cut out to the sample")
    func podcastChapters() throws {
        let home = try Fixtures.temporaryDirectory("pl-skip-json")
        let served = try Fixtures.subfolder("served", in: home)
        let mp3 = try Self.sweep("episode.mp3", in: served)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        try
            #"{"version":"1.2.0","chapters":[{"startTime":0,"title":"Hello"},{"startTime":2,"title":"Ad"},{"startTime":4.5,"title":"Talk"}]}"#
            .write(to: served.appendingPathComponent("chapters.json"), atomically: true, encoding: .utf8)
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Skippy</title>
        <item><title>One</title><guid>one</guid><enclosure url="\(server.url("episode.mp3"))" type="audio/mpeg"/>
        <podcast:chapters url="\(server.url("chapters.json"))" type="application/json+chapters"/></item></channel></rss>
        """.write(to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        #expect(try PodlineBinary.run(["add", server.url("feed.xml")], home: home, environment: environment).status == 0)
        #expect(try PodlineBinary.run(["download", "skippy/1"], home: home, environment: environment).status == 0)
        let set = try PodlineBinary.run(["show", "skippy", "set", "skip_chapters", "(?i)^ads?$"], home: home, environment: environment)
        #expect(set.status == 0, "\(set.stderr)")
        let out = home.appendingPathComponent("out.wav")
        let played = try PodlineBinary.run(
            ["play", "skippy/1", "--output", "wav:\(out.path)", "--quiet"], home: home, environment: environment)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.contains("skipped chapter “Ad”"), "\(played.stderr)")
        try Self.expectCut(out, from: mp3, without: 2, 4.5, in: home)
    }
}
