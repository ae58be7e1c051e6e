import Foundation
import Testing

@testable import PodcastKit

@Suite("Feed values: durations, dates, URLs")
struct FeedValueTests {
    @Test(
        "itunes:duration forms",
        arguments: [
            ("3600", 3600.0), ("61:05", 3665.0), ("1:01:05", 3665.0), ("1:01:05.5", 3665.5), ("3600.5", 3600.5),
            (" 07:30 ", 450.0), ("1h 2m 3s", 3723.0), ("45 min", 2700.0),
        ])
    func durations(text: String, seconds: Double) {
        #expect(FeedDuration.seconds(text) == seconds)
    }

    @Test("durations that are not durations", arguments: ["", "abc", "1:2:3:4", "-5", "12:xx", "1::5", ":30", "30:"])
    func badDurations(text: String) {
        #expect(FeedDuration.seconds(text) == nil)
    }

    @Test("ISO 8601 timestamps agree with Foundation's from 1583 (Foundation's calendar is Julian before) to 9999")
    func isoTimestamps() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let first = -12_212_553_600.0  // 1583-01-01T00:00:00Z
        let last = 253_402_300_799.0  // 9999-12-31T23:59:59Z
        for step in 0...2000 {
            let date = Date(timeIntervalSince1970: (first + (last - first) * Double(step) / 2000).rounded(.down) + Double(step % 61))
            guard date.timeIntervalSince1970 <= last else { continue }
            #expect(FeedDate.iso8601String(date) == formatter.string(from: date))
        }
        #expect(FeedDate.iso8601String(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(FeedDate.iso8601String(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")  // proleptic Gregorian
        #expect(FeedDate.iso8601String(Date(timeIntervalSince1970: 1_704_164_645.9)) == "2024-01-02T03:04:05Z")
    }

    @Test(
        "RFC 822 dates, named zones and broken variants",
        arguments: [
            ("Tue, 02 Jan 2024 03:04:05 GMT", "2024-01-02T03:04:05Z"),
            ("Tue, 02 Jan 2024 03:04:05 +0000", "2024-01-02T03:04:05Z"),
            ("Tue, 02 Jan 2024 03:04:05 EST", "2024-01-02T08:04:05Z"),
            ("Tue, 02 Jan 2024 03:04:05 EDT", "2024-01-02T07:04:05Z"),
            ("Tue, 02 Jan 2024 03:04:05 CST", "2024-01-02T09:04:05Z"),
            ("Tue, 02 Jan 2024 03:04:05 MDT", "2024-01-02T09:04:05Z"),
            ("Tue, 02 Jan 2024 03:04:05 PST", "2024-01-02T11:04:05Z"),
            ("Tue, 02 Jan 2024 03:04:05 -0730", "2024-01-02T10:34:05Z"),
            ("2 Jan 2024 03:04 UT", "2024-01-02T03:04:00Z"),
            ("Tue 02 Jan 2024 03:04:05", "2024-01-02T03:04:05Z"),
            ("Tuesday, 02 January 2024 03:04:05 GMT", "2024-01-02T03:04:05Z"),
            ("Tue, 02 Jan 24 03:04:05 GMT", "2024-01-02T03:04:05Z"),
            ("02-Jan-2024 03:04:05 GMT", "2024-01-02T03:04:05Z"),
            ("Tue, 02 Jan 2024 3:04 PM GMT", "2024-01-02T15:04:00Z"),
            ("Tue, 02 Jan 2024 03:04:05 GMT+0100", "2024-01-02T02:04:05Z"),
            ("Sept 02 2024 03:04:05 GMT", "2024-09-02T03:04:05Z"),
            ("2024-01-02T03:04:05Z", "2024-01-02T03:04:05Z"),
            ("2024-01-02T03:04:05.123+02:00", "2024-01-02T01:04:05Z"),
            ("2024-01-02 03:04:05", "2024-01-02T03:04:05Z"),
            ("2024-01-02", "2024-01-02T00:00:00Z"),
        ])
    func dates(text: String, iso: String) {
        #expect(FeedDate.parse(text).map(ISO8601.string) == iso)
    }

    @Test("text that is not a date", arguments: ["", "yesterday", "32 Jan 2024", "Tue, 02 Foo 2024"])
    func badDates(text: String) {
        #expect(FeedDate.parse(text) == nil)
    }

    @Test(
        "feed, itpc and pcast schemes",
        arguments: [
            ("feed://example.com/rss", "http://example.com/rss"),
            ("feed:https://example.com/rss", "https://example.com/rss"),
            ("itpc://example.com/rss", "http://example.com/rss"),
            ("pcast://example.com/rss", "http://example.com/rss"),
            ("  https://example.com/rss  ", "https://example.com/rss"),
        ])
    func schemes(text: String, url: String) {
        #expect(FeedURL.normalized(text) == url)
        #expect(FeedSource(text) == .remote(url))
    }

    @Test("relative URLs resolve against the feed URL")
    func relative() {
        let base = URL(string: "https://example.com/a/feed.xml")
        #expect(FeedURL.resolve("ep.mp3", against: base) == "https://example.com/a/ep.mp3")
        #expect(FeedURL.resolve("/ep.mp3", against: base) == "https://example.com/ep.mp3")
        #expect(FeedURL.resolve("//cdn.example.com/ep.mp3", against: base) == "https://cdn.example.com/ep.mp3")
        #expect(FeedURL.resolve("mailto:a@example.com", against: base) == "mailto:a@example.com")
        #expect(FeedURL.resolve("   ", against: base) == nil)
        #expect(FeedURL.resolve(" https://cdn.example.com/my episode.mp3 ", against: base) == "https://cdn.example.com/my%20episode.mp3")
        #expect(FeedURL.resolve("my episode.mp3", against: base) == "https://example.com/a/my%20episode.mp3")
    }

    @Test("inspect --json shape: keys in order, nulls explicit")
    func jsonShape() throws {
        var feed = ParsedFeed()
        feed.title = "T"
        var episode = ParsedEpisode()
        episode.guid = "g"
        episode.duration = 61
        episode.published = Date(timeIntervalSince1970: 0)
        episode.enclosure = Enclosure(url: "https://x/a.mp3", length: nil, type: "audio/mpeg")
        feed.episodes = [episode]
        #expect(
            feed.json.rendered
                == #"{"title":"T","link":null,"description":null,"language":null,"author":null,"image":null,"new_url":null,"funding":[],"persons":[],"trailers":[],"podroll":[],"live_items":[],"episodes":[{"guid":"g","title":null,"link":null,"description":null,"published":"1970-01-01T00:00:00Z","duration":61,"enclosure":{"url":"https://x/a.mp3","length":null,"type":"audio/mpeg"},"alternates":[],"season":null,"number":null,"chapters_url":null,"transcript_url":null,"transcripts":[],"chapters":[],"image":null,"persons":[],"soundbites":[]}]}"#
        )
        #expect(JSONValue.string("a\"b\\c\n\u{1}").rendered == #""a\"b\\c\n\u0001""#)
        #expect(
            JSONValue.array([
                .int(0), .int(-1), .int(Int64.max), .int(Int64.min), .int(1_234_567_890_123), .null, .bool(true), .bool(false),
            ]).rendered
                == "[0,-1,9223372036854775807,-9223372036854775808,1234567890123,null,true,false]")
    }

    @Test("a large feed's JSON is streamed in pieces that add up to the plain rendering")
    func streamedRendering() throws {
        let small = try FeedParser.parse(Array(FeedFixtures.lenientRSS.utf8), url: "https://example.com/feed.xml")
        #expect(small.renderedJSON == small.json.renderedBytes)
        let items = (0..<1000).map { ("g\($0)", "Title \($0) \"quoted\"", "Mon, 01 Jan 2024 00:00:00 GMT", "https://x/\($0).mp3") }
        let large = try FeedParser.parse(Array(FeedFixtures.rss(title: "Large", items: items).utf8))
        #expect(large.episodes.count == 1000)
        #expect(large.renderedJSON == large.json.renderedBytes)
        #expect(try JSONSerialization.jsonObject(with: Data(large.renderedJSON)) is [String: Any])
        var pieces: [Int] = []
        large.writeJSON { pieces.append($0.count) }
        #expect(pieces.count > 2)
        #expect(pieces.dropLast().allSatisfy { $0 >= 64 * 1024 && $0 < 80 * 1024 })
    }
}
