import Foundation
import Testing

@testable import PodcastKit

@Suite("OPML")
struct OPMLTests {
    static let nested = """
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <opml version="1.0">
          <head><title>My casts</title></head>
          <body>
            <outline text="News">
              <outline text="Daily" type="rss" xmlUrl="https://daily.example.com/feed"/>
              <outline text="Tech">
                <outline title="Deep" text="ignored" xmlUrl="feed://deep.example.com/rss" htmlUrl="https://deep.example.com/"/>
              </outline>
            </outline>
            <outline text="Daily again" xmlurl="https://daily.example.com/feed"/>
            <outline text="A blog without a feed URL" htmlUrl="https://blog.example.com/"/>
            <outline text="Caf&eacute; &amp; more" type="rss" xmlUrl="https://cafe.example.com/rss?a=1&amp;b=2"/>
          </body>
        </opml>
        """

    @Test("nested folders are flattened, duplicates ignored, outlines without xmlUrl skipped with a warning")
    func nestedFolders() throws {
        let document = try OPMLParser.parse(Array(Self.nested.utf8))
        #expect(document.title == "My casts")
        #expect(
            document.entries == [
                .init(title: "Daily", feedURL: "https://daily.example.com/feed"),
                .init(title: "Deep", feedURL: "http://deep.example.com/rss", siteURL: "https://deep.example.com/"),
                .init(title: "Café & more", feedURL: "https://cafe.example.com/rss?a=1&b=2"),
            ])
        #expect(document.skipped == [#"skipped outline "A blog without a feed URL": it has no xmlUrl"#])
    }

    @Test("from a list made elsewhere, only network feeds are subscribed: paths and commands are skipped")
    func onlyNetworkFeeds() throws {
        let list = """
            <opml version="2.0"><body>
              <outline text="Tweets" xmlUrl="|~/fetch_tweets.py"/>
              <outline text="Passwords" xmlUrl="/etc/passwd"/>
              <outline text="Local" xmlUrl="file:///etc/hostname"/>
              <outline text="Old" xmlUrl="ftp://example.com/feed.xml"/>
              <outline text="Real" xmlUrl="itpc://real.example.com/feed"/>
            </body></opml>
            """
        let document = try OPMLParser.parse(Array(list.utf8))
        #expect(document.entries == [.init(title: "Real", feedURL: "http://real.example.com/feed")])
        #expect(
            document.skipped == [
                #"skipped outline "Tweets": '|~/fetch_tweets.py' is not a network feed URL"#,
                #"skipped outline "Passwords": '/etc/passwd' is not a network feed URL"#,
                #"skipped outline "Local": 'file:///etc/hostname' is not a network feed URL"#,
                #"skipped outline "Old": 'ftp://example.com/feed.xml' is not a network feed URL"#,
            ])
    }

    @Test("a file that is not OPML is refused with the reason")
    func notOPML() {
        #expect(throws: FeedError("not OPML: the root element is <rss> (line 1, column 1)")) {
            try OPMLParser.parse(Array("<rss><channel/></rss>".utf8))
        }
        #expect(throws: FeedError("not OPML: no <body> element")) {
            try OPMLParser.parse(Array("<opml version=\"2.0\"><head/></opml>".utf8))
        }
        #expect(throws: FeedError("empty document")) { try OPMLParser.parse([]) }
    }

    @Test("export writes OPML 2.0 that the importer reads back identically")
    func roundTrip() throws {
        let document = OPMLDocument(
            title: "Podline subscriptions",
            entries: [
                .init(title: "Quotes \"&\" <angles>", feedURL: "https://a.example.com/feed?x=1&y=2", siteURL: "https://a.example.com/"),
                .init(title: "Line\nbreak ☕", feedURL: "https://b.example.com/rss"),
                .init(title: nil, feedURL: "https://c.example.com/rss"),
            ])
        let text = OPMLWriter.write(document)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
        let back = try OPMLParser.parse(Array(text.utf8))
        #expect(back.title == document.title)
        #expect(back.entries.map(\.feedURL) == document.entries.map(\.feedURL))
        #expect(back.entries.map(\.siteURL) == document.entries.map(\.siteURL))
        #expect(back.entries.map(\.title) == ["Quotes \"&\" <angles>", "Line\nbreak ☕", "https://c.example.com/rss"])
        #expect(back.skipped.isEmpty)
        #expect(
            OPMLWriter.write(back, created: Date(timeIntervalSince1970: 0))
                == OPMLWriter.write(
                    OPMLDocument(title: back.title, entries: back.entries), created: Date(timeIntervalSince1970: 0)))
    }
}
