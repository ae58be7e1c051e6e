import Foundation
import Testing

@testable import PodcastKit

/// `podcast:liveItem` as the namespace documents it: read apart from the episodes, with its status, times, stream,
/// chat and content links; one with a status it cannot have is left out with a warning.
@Suite("live items in feeds")
struct LiveItemParserTests {
    static func feed(_ items: String) throws -> ParsedFeed {
        try FeedParser.parse(
            Array(
                """
                <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>
                <title>Show</title>\(items)<item><title>An episode</title><guid>ep</guid>
                <enclosure url="https://example.com/ep.mp3" type="audio/mpeg" length="1"/></item></channel></rss>
                """.utf8))
    }

    @Test("the namespace's complete example")
    func completeExample() throws {
        let feed = try Self.feed(
            """
            <podcast:liveItem status="live" start="2021-09-26T07:30:00.000-0600" end="2021-09-26T09:30:00.000-0600">
                <title>Podcasting 2.0 Live Show</title>
                <description>A look into the future of podcasting and how we get to Podcasting 2.0!</description>
                <link>https://example.com/podcast/live</link>
                <guid isPermaLink="true">https://example.com/live</guid>
                <author>John Doe (john@example.com)</author>
                <podcast:person href="https://example.com/adam" img="https://example.com/adam.jpg">Adam Curry</podcast:person>
                <podcast:alternateEnclosure type="audio/mpeg" length="312" default="true">
                    <podcast:source uri="https://example.com/pc20/livestream" />
                </podcast:alternateEnclosure>
                <enclosure url="https://example.com/pc20/livestream?format=.mp3" type="audio/mpeg" length="312" />
                <podcast:contentLink href="https://www.youtube.com/pc20/livestream">YouTube!</podcast:contentLink>
                <podcast:contentLink href="https://www.twitch.tv/pc20/livestream">Twitch!</podcast:contentLink>
                <podcast:chat server="irc.zeronode.net" protocol="irc" accountId="@jsmith" space="#myawesomepodcast"/>
            </podcast:liveItem>
            """)
        #expect(feed.episodes.map(\.guid) == ["ep"])
        #expect(feed.warnings.isEmpty, "\(feed.warnings)")
        let item = try #require(feed.liveItems.first)
        #expect(feed.liveItems.count == 1)
        #expect(item.guid == "https://example.com/live")
        #expect(item.title == "Podcasting 2.0 Live Show")
        #expect(item.status == .live)
        #expect(item.start == Date(timeIntervalSince1970: 1_632_663_000))
        #expect(item.end == Date(timeIntervalSince1970: 1_632_670_200))
        #expect(item.url == "https://example.com/pc20/livestream?format=.mp3")
        #expect(item.type == "audio/mpeg")
        #expect(item.link == "https://example.com/podcast/live")
        #expect(item.contentLinks.map(\.url) == ["https://www.youtube.com/pc20/livestream", "https://www.twitch.tv/pc20/livestream"])
        #expect(item.contentLinks.map(\.title) == ["YouTube!", "Twitch!"])
        #expect(item.chat == FeedChat(server: "irc.zeronode.net", protocol: "irc", accountID: "@jsmith", space: "#myawesomepodcast"))
        // Kept as the library keeps it, and read back the same.
        #expect(FeedLiveItem.list(fromJSON: JSONValue.array([item.json]).rendered) == [item])
    }

    @Test("the bare-bones example, a pending and an ended one, and what is left out")
    func statuses() throws {
        let feed = try Self.feed(
            """
            <podcast:liveItem status="pending" start="2021-09-26T07:30:00.000-0600" end="2021-09-26T09:30:00.000-0600">
                <title>Podcasting 2.0 Live Stream</title>
                <guid>e32b4890-983b-4ce5-8b46-f2d6bc1d8819</guid>
                <enclosure url="https://example.com/pc20/livestream?format=.mp3" type="audio/mpeg" length="312" />
                <podcast:contentLink href="https://example.com/html/livestream">Listen Live!</podcast:contentLink>
            </podcast:liveItem>
            <podcast:liveItem status="ENDED" start="2021-09-19T07:30:00Z"><title>Last week</title><guid>last</guid></podcast:liveItem>
            <podcast:liveItem status="soon"><title>Odd</title><guid>odd</guid></podcast:liveItem>
            <podcast:liveItem><title>No status</title><guid>none</guid></podcast:liveItem>
            <podcast:liveItem status="live"><title>Nameless</title></podcast:liveItem>
            """)
        #expect(feed.liveItems.map(\.guid) == ["e32b4890-983b-4ce5-8b46-f2d6bc1d8819", "last"])
        #expect(feed.liveItems.map(\.status) == [.pending, .ended])
        #expect(feed.liveItems.last?.url == nil)
        #expect(feed.episodes.map(\.guid) == ["ep"])
        #expect(
            feed.warnings == [
                "live item \"Odd\" left out: its status 'soon' is not pending, live or ended",
                "live item \"No status\" left out: its status '' is not pending, live or ended",
                "live item \"Nameless\" left out: it has no guid, link or stream address",
            ], "\(feed.warnings)")
    }

    @Test("live/SHOW/N and live/SHOW are read; other texts are not live references")
    func references() {
        #expect(LiveReference("live/show/2") == LiveReference(show: "show", number: 2))
        #expect(LiveReference("live/show") == LiveReference(show: "show", number: nil))
        for text in ["live", "live/", "live/show/", "live/show/two", "live/show/2/3", "show/live/2", "podroll/show/1"] {
            #expect(LiveReference(text) == nil, "\(text)")
        }
    }

    @Test("without a number: the one on air, else the next to start, else the last to end")
    func current() {
        var show = ShowRecord(slug: "s", feedURL: "https://example.com/feed", addedAt: Date(), nextNumber: 1)
        func items(_ list: [FeedLiveItem]) -> LiveItems {
            show.liveItems = JSONValue.array(list.map(\.json)).rendered
            return LiveItems(show: show)
        }
        let day = { (day: Double) in Date(timeIntervalSince1970: day * 86_400) }
        let ended1 = FeedLiveItem(guid: "e1", status: .ended, start: day(1), end: day(1.1))
        let ended2 = FeedLiveItem(guid: "e2", status: .ended, start: day(2))
        let later = FeedLiveItem(guid: "p2", status: .pending, start: day(9))
        let sooner = FeedLiveItem(guid: "p1", status: .pending, start: day(8))
        let live = FeedLiveItem(guid: "l", status: .live, start: day(3))
        #expect(items([ended1, later, sooner, live]).current?.item.guid == "l")
        #expect(items([ended1, later, sooner]).current?.number == 3)
        #expect(items([ended2, ended1]).current?.item.guid == "e2")
    }
}
