import Foundation
import TestSupport
import Testing

/// Bookmarks end to end on the built binary: kept at a time or where the running player is, listed, played from (the
/// audio written starts there), removed; bad input is one line and a documented status.
@Suite("bookmarks", .serialized)
struct BookmarkTests {
    @Test("bookmark a time or where the player is; bookmarks lists them; play bookmark/N starts there; remove")
    func bookmarks() throws {
        let home = try Fixtures.temporaryDirectory("pl-bookmarks")
        let audio = try Fixtures.toneMP3(in: home, name: "talk.mp3", seconds: 10, rate: 44_100, channels: 2)
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>Talk</title><item><title>One</title><guid>one</guid><itunes:duration>10</itunes:duration>\
        <enclosure url="\(audio.path)" type="audio/mpeg"/></item></channel></rss>
        """.write(to: home.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": home.path]
        func run(_ words: [String]) throws -> ProcessResult { try PodlineBinary.run(words, home: home, environment: environment) }
        #expect(try run(["add", home.appendingPathComponent("feed.xml").path]).status == 0)

        let kept = try run(["bookmark", "talk/1", "0:04", "the", "good", "bit"])
        #expect(kept.status == 0 && kept.stdout == "bookmark/1: talk/1 at 0:04: the good bit\n", "\(kept.stdout)\(kept.stderr)")
        let out = home.appendingPathComponent("from-bookmark.wav")
        let played = try run(["play", "bookmark/1", "--output", "wav:\(out.path)", "--quiet"])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(abs(try WAVFile(url: out).duration - 6) < 0.1, "played from 0:04 of 0:10")

        let player = try BackgroundProcess.podline(
            ["play", "talk/1", "--start", "1", "--output", "null", "--quiet"], home: home, environment: environment)
        defer { _ = player.killNow() }
        Thread.sleep(forTimeInterval: 2)
        #expect(try run(["pause"]).status == 0)
        Thread.sleep(forTimeInterval: 0.5)  // the pause's fade: the position stands still after it
        let status = try #require(try JSONSerialization.jsonObject(with: try run(["status", "--json"]).stdoutData) as? [String: Any])
        let position = try #require(status["position"] as? Double)
        let here = try run(["bookmark", "a", "thought", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: here.stdoutData) as? [String: Any])
        #expect(object["id"] as? Int == 2 && object["note"] as? String == "a thought")
        #expect(abs((object["position"] as? Double ?? -1) - position) < 0.01, "\(object) at \(position)")
        _ = try run(["stop"])
        _ = player.wait(timeout: 10)

        let listed = try #require(
            try JSONSerialization.jsonObject(with: try run(["bookmarks", "talk/1", "--json"]).stdoutData) as? [[String: Any]])
        #expect(listed.compactMap { $0["id"] as? Int } == [2, 1], "by time: \(listed)")
        #expect(try run(["bookmarks"]).stdoutLines.count == 2)

        for (words, status) in [
            (["bookmark", "talk/1", "0:30"], Int32(64)), (["bookmark", "remove", "9"], 2), (["bookmark", "remove", "x"], 64),
            (["bookmark", "just", "a", "note"], 4), (["play", "bookmark/9", "--output", "null"], 2),
        ] {
            let result = try run(words)
            #expect(result.status == status && result.stderrLines.count == 1, "\(words): \(result.status) \(result.stderr)")
        }
        #expect(try run(["bookmark", "remove", "1"]).stdout == "Removed bookmark/1\n")
        #expect(try run(["bookmarks"]).stdoutLines.count == 1)
    }
}
