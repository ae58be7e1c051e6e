import Foundation
import Testing

@testable import PodcastKit

/// Podline's feed parser against podcastparser's reading of the same feeds (`Tests/Fixtures/podcastparser`,
/// whose `expected.json` is podcastparser's output, with feedparser's and plain XML Base's for Atom).
@Suite("Feeds read as podcastparser reads them")
struct PodcastParserAgreementTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/podcastparser")

    /// One fixture: Podline's parse and the reference readings.
    struct Case {
        let feed: ParsedFeed
        let reference: [String: Any]

        init(_ name: String) throws {
            let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("expected.json")))
            let root = try #require(expected as? [String: Any])
            let url = try #require(root["feed_url"] as? String)
            reference = try #require((root["fixtures"] as? [String: Any])?[name] as? [String: Any])
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".xml")))
            feed = try FeedParser.parse(bytes, url: url)
        }

        /// podcastparser's episodes, each as a dictionary.
        var podcastparserEpisodes: [[String: Any]] {
            ((reference["podcastparser"] as? [String: Any])?["episodes"] as? [[String: Any]]) ?? []
        }

        /// What XML Base itself gives, for the Atom fixtures.
        var xmlBase: [String: Any] { reference["xml_base"] as? [String: Any] ?? [:] }
    }

    /// podcastparser writes "" for a missing link or title; Podline leaves it out.
    static func present(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }

    @Test("an item without <link> takes its permalink guid, resolved against the feed's address")
    func permalinkGUIDs() throws {
        let fixture = try Case("permalink_guid")
        let theirs = fixture.podcastparserEpisodes
        try #require(fixture.feed.episodes.count == theirs.count)
        for (ours, their) in zip(fixture.feed.episodes, theirs) {
            let title = ours.title ?? "?"
            if title.hasPrefix("a7 ") {
                // podcastparser makes any guid a link; a bare identifier (abc-123) is not one for Podline.
                #expect(ours.link == nil, "\(title)")
            } else {
                #expect(ours.link == Self.present(their["link"]), "\(title)")
            }
        }
    }

    @Test("an item without a title is named after its media file")
    func titlesFromEnclosures() throws {
        let fixture = try Case("title_from_enclosure")
        // podcastparser drops an item with neither title nor enclosure; Podline keeps it, untitled.
        let ours = fixture.feed.episodes.filter { $0.enclosure != nil }
        let theirs = fixture.podcastparserEpisodes
        try #require(ours.count == theirs.count)
        // Where Podline reads better, by enclosure: it decodes the name and leaves out the query, takes a
        // folder's name for a URL ending in "/", uses itunes:title, and names an item whose title is blank.
        let better = [
            "Episode%2042%20-%20Caf%C3%A9": "Episode 42 - Café", "ep44.mp3?v=1": "ep44",
            "https://cdn.example.com/audio/48/": "48", "https://cdn.example.com/audio/ep49.mp3": "b9 itunes:title only",
            "https://cdn.example.com/audio/ep50.mp3": "ep50",
        ]
        for (ours, their) in zip(ours, theirs) {
            let theirTitle = Self.present(their["title"])
            let expected = better[ours.enclosure?.url ?? ""] ?? theirTitle.map { better[$0] ?? $0 }
            #expect(ours.title == expected, "\(ours.enclosure?.url ?? "")")
        }
    }

    @Test("enclosure types come through as written; a missing or malformed one is unknown")
    func enclosureTypes() throws {
        let fixture = try Case("enclosure_types")
        let theirs = fixture.podcastparserEpisodes
        try #require(fixture.feed.episodes.count == theirs.count)
        for (ours, their) in zip(fixture.feed.episodes, theirs) {
            let enclosures = their["enclosures"] as? [[String: Any]] ?? []
            let type = enclosures.first?["mime_type"] as? String
            // podcastparser puts application/octet-stream where the feed gives no usable type.
            #expect(ours.enclosure?.type == (type == "application/octet-stream" ? nil : type), "\(ours.title ?? "")")
            #expect(ours.enclosure?.url.lowercased() == (enclosures.first?["url"] as? String)?.lowercased())
        }
    }

    @Test("xml:base on the RSS root resolves links, enclosures and the cover as podcastparser does")
    func rssXMLBase() throws {
        let fixture = try Case("rss_xmlbase")
        let theirs = fixture.podcastparserEpisodes
        let feed = try #require(fixture.reference["podcastparser"] as? [String: Any])["feed"] as? [String: Any]
        #expect(fixture.feed.link == Self.present(feed?["link"]))
        #expect(fixture.feed.image == Self.present(feed?["cover_url"]))
        try #require(fixture.feed.episodes.count == theirs.count)
        for (ours, their) in zip(fixture.feed.episodes, theirs) {
            #expect(ours.link == Self.present(their["link"]))
            let enclosures = their["enclosures"] as? [[String: Any]] ?? []
            #expect(ours.enclosure?.url == enclosures.first?["url"] as? String)
        }
    }

    @Test(
        "Atom: xml:base on the feed or the element, relative <logo> and <icon>, logo before icon",
        arguments: ["atom_xmlbase_feed", "atom_xmlbase_element", "atom_no_xmlbase", "atom_icon_first"])
    func atomXMLBase(name: String) throws {
        // podcastparser ignores xml:base and <logo> in Atom; XML Base itself is the reference here.
        let fixture = try Case(name)
        let feed = fixture.xmlBase["feed"] as? [String: Any] ?? [:]
        #expect(fixture.feed.image == Self.present(feed["logo"]) ?? Self.present(feed["icon"]))
        let episodes = fixture.xmlBase["episodes"] as? [[String: Any]] ?? []
        try #require(fixture.feed.episodes.count == episodes.count)
        for (ours, expected) in zip(fixture.feed.episodes, episodes) {
            #expect(ours.link == Self.present(expected["link"]))
            #expect(ours.enclosure?.url == Self.present(expected["enclosure"]))
        }
    }
}
