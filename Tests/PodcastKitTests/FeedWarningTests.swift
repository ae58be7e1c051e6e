import Foundation
import Testing

@testable import PodcastKit

@Suite("Feed warnings: malformed documents are read past, and said where")
struct FeedWarningTests {
    private func parse(_ text: String) throws -> ParsedFeed {
        try FeedParser.parse(Array(text.utf8), url: "https://example.com/feed.xml")
    }

    @Test("a truncated feed keeps what arrived and says where it ends and what was left open")
    func truncated() throws {
        let feed = try parse(
            """
            <rss><channel><title>T</title>
            <item><guid>a</guid><title>One</title></item>
            <item><guid>b</guid><title>Tw
            """)
        #expect(feed.episodes.map(\.guid) == ["a", "b"])
        #expect(feed.episodes.map(\.title) == ["One", "Tw"])
        #expect(feed.warnings == ["truncated: the document ends (line 3, column 30) inside <title> (line 3, column 21)"])
    }

    @Test("a tag closed by its parent's end tag is named with both positions")
    func unclosed() throws {
        let feed = try parse("<rss><channel>\n<item><guid>a</guid>\n  <link>https://x/1</item>\n</channel></rss>")
        #expect(feed.episodes.first?.guid == "a")
        #expect(feed.warnings == ["<link> (line 3, column 3) is not closed before </item> (line 3, column 20)"])
    }

    @Test("an end tag that closes nothing is reported and ignored")
    func stray() throws {
        let feed = try parse("<rss><channel><item><guid>a</guid></bogus></item></channel></rss>")
        #expect(feed.episodes.map(\.guid) == ["a"])
        #expect(feed.warnings == ["</bogus> (line 1, column 35) closes nothing and was ignored"])
    }

    @Test("common harmless forms give no warning: HTML in show notes, empty elements written with an end tag")
    func harmless() throws {
        let feed = try parse(
            """
            <rss><channel><title>T</title>
            <item><guid>a</guid><description>Hello <br> world <p>unclosed</description>
            <enclosure url="https://x/a.mp3" length="1" type="audio/mpeg"></enclosure>
            <itunes:image href="https://x/a.jpg"></itunes:image></item>
            </channel></rss>
            """)
        #expect(feed.episodes.first?.description == "Hello  world unclosed", "the stray HTML tags are dropped, their text kept")
        #expect(feed.episodes.first?.enclosure?.url == "https://x/a.mp3")
        #expect(feed.warnings.isEmpty)
    }

    @Test("the project's lenient fixture and Atom fixture are well-formed: no warnings")
    func wellFormedFixtures() throws {
        #expect(try parse(FeedFixtures.lenientRSS).warnings.isEmpty)
        let items = (0..<5).map { ("g\($0)", "Title \($0)", "Mon, 01 Jan 2024 00:00:00 GMT", "https://x/\($0).mp3") }
        #expect(try parse(FeedFixtures.rss(title: "Five", items: items)).warnings.isEmpty)
    }

    @Test("lines are counted from the document's first byte, blank lines before the declaration included")
    func leadingBlankLines() throws {
        let feed = try parse("\n\n<?xml version=\"1.0\"?>\n<rss><channel>\n  </bogus>\n</channel></rss>")
        #expect(feed.warnings == ["</bogus> (line 5, column 3) closes nothing and was ignored"])
        let html = "\n<html><body/></html>"
        #expect(throws: FeedError("not a feed: the root element is <html> (line 2, column 1)")) { try parse(html) }
    }

    @Test("at most ten warnings, then a count of the rest")
    func limited() throws {
        let strays = String(repeating: "</x>\n", count: 25)
        let feed = try parse("<rss><channel>\n\(strays)</channel></rss>")
        #expect(feed.warnings.count == 11)
        #expect(feed.warnings.first == "</x> (line 2, column 1) closes nothing and was ignored")
        #expect(feed.warnings[9] == "</x> (line 11, column 1) closes nothing and was ignored")
        #expect(feed.warnings.last == "15 more like these")
    }
}
