import Foundation
import Testing

@testable import PodcastKit

@Suite("Feed parsing")
struct FeedParserTests {
    private func parse(_ text: String, url: String? = "https://example.com/podcast/feed.xml") throws -> ParsedFeed {
        try FeedParser.parse(Array(text.utf8), url: url)
    }

    @Test("channel fields, HTML entities, relative URLs and Podcasting 2.0 tags")
    func channel() throws {
        let feed = try parse(FeedFixtures.lenientRSS)
        #expect(feed.title == "Café Talk\u{A0}Show © &bogus; & friends")
        #expect(feed.link == "https://example.com/about")
        #expect(feed.description == "<p>Weekly <b>chats</b> & more</p>")
        #expect(feed.language == "en-us")
        #expect(feed.author == "Jane Doe")
        #expect(feed.image == "https://example.com/podcast/art/cover.jpg")
        #expect(feed.newURL == "https://new.example.com/feed.xml")
        #expect(feed.podcastGUID == "917393e3-1b1e-5cef-ace4-edaa54e1f810")
        #expect(feed.locked == true)
        #expect(feed.funding == [Funding(url: "https://example.com/donate", title: "Support the show")])
    }

    @Test("items: GUID fallbacks, duplicates merged, enclosure-less items kept")
    func items() throws {
        let feed = try parse(FeedFixtures.lenientRSS)
        #expect(feed.episodes.map(\.guid) == ["ep-1", "https://example.com/ep2", "https://cdn.example.com/ep3.mp3", "trailer"])
        let first = feed.episodes[0]
        #expect(first.title == "Episode 1: Café & croissants")
        #expect(
            first.enclosure
                == Enclosure(url: "https://example.com/podcast/media/ep1.mp3?id=1&source=rss", length: 12345, type: "audio/mpeg"))
        #expect(first.description == "<p>Rich <i>notes</i></p>")
        #expect(first.season == 2)
        #expect(first.number == 7)
        #expect(first.chaptersURL == "https://example.com/chapters/1.json")
        #expect(first.transcriptURL == "https://example.com/t/1.vtt")
        #expect(first.image == "https://example.com/ep1.jpg", "the duplicate's extra field is merged in")
        #expect(feed.episodes[1].description == "Hello bold world")
        #expect(feed.episodes[1].enclosure?.length == nil, "a zero length means unknown")
        #expect(feed.episodes[2].enclosure?.length == nil, "a garbage length means unknown")
        let trailer = feed.episodes[3]
        #expect(trailer.enclosure == nil)
        #expect(!trailer.isPlayable)
        #expect(trailer.season == 1)
        #expect(trailer.number == 3)
    }

    @Test("durations and dates in every form the fixture uses")
    func durationsAndDates() throws {
        let feed = try parse(FeedFixtures.lenientRSS)
        #expect(feed.episodes.map(\.duration) == [3723, 2730, 3600, 3723.5])
        let dates = feed.episodes.map { $0.published.map(ISO8601.string) }
        #expect(dates == ["2024-01-03T16:30:00Z", "2024-03-05T15:00:00Z", "2024-01-02T02:04:05Z", "2024-01-01T12:00:00Z"])
    }

    @Test("Atom feeds with enclosure links")
    func atom() throws {
        let feed = try parse(FeedFixtures.atom, url: "https://atom.example.com/feed.atom")
        #expect(feed.title == "Atom Cast")
        #expect(feed.link == "https://atom.example.com/")
        #expect(feed.author == "Ann Atom")
        #expect(feed.image == "https://atom.example.com/logo.png")
        #expect(feed.description == "Entries with enclosures")
        #expect(feed.episodes.count == 2)
        let first = feed.episodes[0]
        #expect(first.guid == "urn:uuid:1")
        #expect(first.link == "https://atom.example.com/posts/1")
        #expect(first.enclosure == Enclosure(url: "https://atom.example.com/media/1.mp3", length: 1234, type: "audio/mpeg"))
        #expect(first.description == "<p>Long</p>")
        #expect(first.published.map(ISO8601.string) == "2024-01-31T22:00:00Z", "published wins over updated")
        #expect(feed.episodes[1].enclosure == nil)
        #expect(feed.episodes[1].link == "https://atom.example.com/posts/2")
    }

    @Test("entity expansion and external entities are never processed")
    func entityAttack() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let feed = try parse(FeedFixtures.entityAttack)
        #expect(clock.now - start < .seconds(1))
        #expect(feed.title == "&lol9;")
        #expect(feed.description == "&xxe;")
    }

    @Test("a document that is not a feed is refused with line and column")
    func notAFeed() {
        let html = "<!DOCTYPE html>\n<html><head><title>Not found</title></head></html>"
        #expect(throws: FeedError("not a feed: the root element is <html> (line 2, column 1)")) { try parse(html) }
        #expect(throws: FeedError("empty document")) { try parse("  \n ") }
        #expect(throws: FeedError("not XML: no element found (line 1, column 1)")) { try parse("just some text") }
    }

    @Test("documents above the size cap are refused")
    func sizeCap() {
        #expect(throws: FeedError.self) { try FeedParser.parse(Array(FeedFixtures.atom.utf8), sizeCap: 100) }
    }

    @Test("a truncated feed keeps the items it got")
    func truncated() throws {
        let text = FeedFixtures.lenientRSS
        let cut = text.range(of: "<title>Enclosure only</title>")!.lowerBound
        let feed = try parse(String(text[..<cut]))
        #expect(feed.episodes.map(\.guid) == ["ep-1", "https://example.com/ep2", nil])
    }

    @Test("mismatched and stray end tags do not lose the items around them")
    func mismatchedTags() throws {
        let text = """
            <rss><channel><title>Broken</title>
            <item><guid>a</guid><description>unclosed <p>paragraph <br> text</description></span></item>
            <item><guid>b</guid><title>B</title></item></channel></rss>
            """
        let feed = try parse(text)
        #expect(feed.episodes.map(\.guid) == ["a", "b"])
        #expect(feed.episodes[0].description == "unclosed paragraph  text")
        #expect(feed.episodes[1].title == "B")
    }

    @Test("undeclared and unusual namespace prefixes")
    func namespaces() throws {
        let text = """
            <rss xmlns:itms="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>N</title>
            <itms:author>Declared under another prefix</itms:author>
            <item><guid>1</guid><itunes:duration>10</itunes:duration></item></channel></rss>
            """
        let feed = try parse(text)
        #expect(feed.author == "Declared under another prefix")
        #expect(feed.episodes.first?.duration == 10)
    }
}

@Suite("feed parser: alternate enclosures")
struct AlternateEnclosureParsingTests {
    @Test("more enclosures and podcast:alternateEnclosure are kept in order, each once, with the first http(s) source")
    func alternates() throws {
        let xml = """
            <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>S</title>
            <item><title>One</title>
            <enclosure url="https://example.com/one.mp3" type="audio/mpeg" length="100"/>
            <enclosure url="https://example.com/one.m4a" type="audio/mp4" length="90"/>
            <podcast:alternateEnclosure type="audio/opus" length="50">
              <podcast:source uri="ipfs://Qm123"/><podcast:source uri="https://example.com/one.opus"/>
              <podcast:source uri="https://mirror.example.com/one.opus"/>
            </podcast:alternateEnclosure>
            <podcast:alternateEnclosure type="audio/mpeg"><podcast:source uri="https://example.com/one.mp3"/></podcast:alternateEnclosure>
            </item>
            <item><title>Two</title>
            <podcast:alternateEnclosure type="audio/flac"><podcast:source uri="https://example.com/two.flac"/></podcast:alternateEnclosure>
            </item></channel></rss>
            """
        let feed = try FeedParser.parse(Array(xml.utf8))
        let one = feed.episodes[0]
        #expect(one.enclosure == Enclosure(url: "https://example.com/one.mp3", length: 100, type: "audio/mpeg"))
        #expect(
            one.alternates == [
                Enclosure(url: "https://example.com/one.m4a", length: 90, type: "audio/mp4"),
                Enclosure(url: "https://example.com/one.opus", length: 50, type: "audio/opus"),
            ])
        // Only alternatives: the first is the enclosure, so the episode plays.
        #expect(feed.episodes[1].enclosure?.url == "https://example.com/two.flac")
        #expect(feed.episodes[1].alternates.isEmpty)
    }

    @Test("a format is recognised by its type, else by its file name")
    func formats() {
        #expect(MediaFormat.opus.matches(Enclosure(url: "https://e.com/a", type: "audio/ogg; codecs=opus")))
        #expect(!MediaFormat.vorbis.matches(Enclosure(url: "https://e.com/a", type: "audio/ogg; codecs=opus")))
        #expect(MediaFormat.m4a.matches(Enclosure(url: "https://e.com/a.bin", type: "audio/x-m4a")))
        #expect(MediaFormat.m4a.matches(Enclosure(url: "https://e.com/a.m4a?x=1")))
        #expect(!MediaFormat.mp3.matches(Enclosure(url: "https://e.com/a.mp3", type: "audio/mp4")))
        #expect(MediaFormat.mp3.matches(Enclosure(url: "https://e.com/a.mp3", type: "application/octet-stream")))
    }
}
