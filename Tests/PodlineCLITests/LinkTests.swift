import Foundation
import TestSupport
import Testing

/// Links at a time, end to end against a loopback server: `link` prints an episode's page and its audio with a W3C
/// Media Fragments time, and `play URL#t=…` (or a share link's `?t=`) starts there, measured in the audio written.
@Suite("links at a time", .serialized)
struct LinkTests {
    @Test("link prints the page and the audio at a time; play URL#t= and ?t= start there; a playing episode links where it is")
    func linksAtATime() throws {
        let home = try Fixtures.temporaryDirectory("pl-links")
        let served = home.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        _ = try Fixtures.toneMP3(in: served, name: "talk.mp3", seconds: 10, rate: 44_100, channels: 2)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        let audio = server.url("talk.mp3")
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Talk</title>
        <item><title>One</title><guid>one</guid><link>https://example.com/talk/one</link>\
        <enclosure url="\(audio)" type="audio/mpeg"/></item>
        <item><title>Two</title><guid>two</guid><enclosure url="\(audio)?two" type="audio/mpeg"/></item>
        </channel></rss>
        """.write(to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": home.path]
        func run(_ words: [String]) throws -> ProcessResult { try PodlineBinary.run(words, home: home, environment: environment) }
        #expect(try run(["add", server.url("feed.xml")]).status == 0)

        #expect(try run(["link", "talk/2", "1:23"]).stdoutLines == ["https://example.com/talk/one", "\(audio)#t=83"])
        #expect(try run(["link", "talk/1"]).stdoutLines == ["\(audio)?two"], "no page, no time: the audio alone")
        let json = try run(["link", "talk/2", "90.5", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(object["audio"] as? String == "\(audio)#t=90.5" && object["time"] as? Double == 90.5)
        let nothing = try run(["link"])
        #expect(nothing.status == 4 && nothing.stderrLines.count == 1, "\(nothing.stderr)")
        #expect(try run(["link", "talk/2", "soon"]).status == 64)

        // Played from 4 s on: 6 s of the 10 are written, whichever form carries the time.
        for url in ["\(audio)#t=4", "\(audio)#t=npt:0:04", "\(audio)?t=4"] {
            let out = home.appendingPathComponent("from4.wav")
            let played = try run(["play", url, "--output", "wav:\(out.path)", "--quiet"])
            #expect(played.status == 0, "\(url): \(played.stderr)")
            let length = try WAVFile(url: out).duration
            #expect(abs(length - 6) < 0.1, "\(url): \(length) s written")
        }

        // A playing episode links where the player is.
        let player = try BackgroundProcess.podline(["play", "talk/2", "--output", "null", "--quiet"], home: home, environment: environment)
        defer { _ = player.killNow() }
        Thread.sleep(forTimeInterval: 2.5)
        #expect(try run(["pause"]).status == 0)
        Thread.sleep(forTimeInterval: 0.5)  // the pause's fade: the position stands still after it
        let status = try #require(try JSONSerialization.jsonObject(with: try run(["status", "--json"]).stdoutData) as? [String: Any])
        let position = try #require(status["position"] as? Double)
        let linked = try #require(try JSONSerialization.jsonObject(with: try run(["link", "--json"]).stdoutData) as? [String: Any])
        #expect(
            abs((linked["time"] as? Double ?? -1) - position) < 0.01 && linked["ref"] as? String == "talk/2", "\(linked) at \(position)")
        _ = try run(["stop"])
    }
}
