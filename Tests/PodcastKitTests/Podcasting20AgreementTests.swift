import Foundation
import Testing

@testable import PodcastKit

/// Podcasting 2.0's people, soundbites, funding, trailers and podroll as Podline reads them, against podcastparser's
/// reading of the same feed (people of an episode) and ElementTree's reading of the tags' attributes (the rest):
/// `Tests/Fixtures/podcasting20`, whose `expected.json` is `expected.py`'s output.
@Suite("Podcasting 2.0 people, soundbites, funding, trailers and podroll, against independent readings")
struct Podcasting20AgreementTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/podcasting20")

    /// The feed `name` as Podline parses it, and the references' readings of it.
    static func fixture(_ name: String) throws -> (feed: ParsedFeed, podcastparser: [String: Any], elementtree: [String: Any]) {
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("expected.json")))
        let root = try #require(expected as? [String: Any])
        let reference = try #require((root["fixtures"] as? [String: Any])?[name] as? [String: Any])
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".xml")))
        let feed = try FeedParser.parse(bytes, url: try #require(root["feed_url"] as? String))
        return (
            feed, try #require(reference["podcastparser"] as? [String: Any]), try #require(reference["elementtree"] as? [String: Any])
        )
    }

    /// A link as Podline keeps it: only http(s).
    static func web(_ value: Any?) -> String? {
        guard let text = value as? String, text.hasPrefix("https://") || text.hasPrefix("http://") else { return nil }
        return text
    }

    static func episodes(_ reading: [String: Any]) -> [[String: Any]] { reading["episodes"] as? [[String: Any]] ?? [] }

    @Test("an episode's people are podcastparser's, less a person with no name and any link that is not http(s)")
    func episodePeople() throws {
        let (feed, podcastparser, _) = try Self.fixture("people_github")
        let theirs = Self.episodes(podcastparser)
        try #require(feed.episodes.count == theirs.count)
        var compared = 0
        for (ours, their) in zip(feed.episodes, theirs) {
            let named = (their["persons"] as? [[String: Any]] ?? []).filter { ($0["name"] as? String)?.isEmpty == false }
            try #require(ours.persons.count == named.count, "\(ours.title ?? "?"): \(ours.persons) against \(named)")
            for (person, reference) in zip(ours.persons, named) {
                #expect(person.name == reference["name"] as? String)
                #expect(person.role == reference["role"] as? String)
                #expect(person.group == reference["group"] as? String)
                #expect(person.link == Self.web(reference["href"]), "\(person)")
                #expect(person.image == Self.web(reference["img"]), "\(person)")
                compared += 1
            }
        }
        #expect(compared == 2)
        // podcastparser keeps the last podcast:funding's address, even file:; Podline keeps only http(s) ones.
        #expect(podcastparser["funding_url"] as? String == "file:///etc/passwd")
        #expect(feed.funding.map(\.url) == ["https://example.com/support", "https://example.com/give"])
    }

    @Test("the show's people and funding, trailers, podroll and soundbites are the tags' attributes, the unusable left out")
    func showAndSoundbites() throws {
        let (feed, _, tags) = try Self.fixture("people")
        let persons = try #require(tags["persons"] as? [[String: Any]])
        #expect(feed.persons.map(\.name) == persons.compactMap { $0["name"] as? String })
        #expect(feed.persons.map(\.role) == persons.map { ($0["role"] as? String)?.lowercased() ?? "host" })
        #expect(feed.persons.map(\.group) == persons.map { ($0["group"] as? String)?.lowercased() ?? "cast" })
        #expect(feed.persons.map(\.link) == persons.map { Self.web($0["href"]) })
        #expect(feed.persons.map(\.image) == persons.map { Self.web($0["img"]) })

        // A funding link dropped for its scheme takes its text with it: "Win a prize" titles nothing.
        let funding = try #require(tags["funding"] as? [[String: Any]]).filter { Self.web($0["url"]) != nil }
        #expect(feed.funding == funding.map { Funding(url: $0["url"] as! String, title: $0["title"] as? String) })
        #expect(feed.funding.last == Funding(url: "https://example.com/give", title: nil))

        let trailers = try #require(tags["trailers"] as? [[String: Any]]).filter { Self.web($0["url"]) != nil }
        try #require(feed.trailers.count == trailers.count && trailers.count == 2)
        for (ours, theirs) in zip(feed.trailers, trailers) {
            #expect(ours.url == theirs["url"] as? String)
            #expect(ours.title == theirs["title"] as? String)
            #expect(ours.type == theirs["type"] as? String)
            #expect(ours.length == (theirs["length"] as? String).flatMap { Int64($0) })
            #expect(ours.season == (theirs["season"] as? String).flatMap { Int($0) })
            #expect(ours.published == (theirs["pubdate"] as? String).flatMap(FeedDate.parse))
            #expect(ours.published != nil)
        }

        let podroll = try #require(tags["podroll"] as? [[String: Any]]).filter { $0["feedGuid"] != nil }
        #expect(feed.podroll.map(\.feedGUID) == podroll.compactMap { $0["feedGuid"] as? String })
        #expect(feed.podroll.map(\.feedURL) == podroll.map { Self.web($0["feedUrl"]) })
        #expect(feed.podroll.map(\.medium) == podroll.map { $0["medium"] as? String })
        #expect(feed.podroll.count == 2)

        let episodes = Self.episodes(tags)
        try #require(feed.episodes.count == episodes.count)
        for (ours, theirs) in zip(feed.episodes, episodes) {
            // A soundbite needs a start of 0 or more and a length over 0, both numbers.
            let usable = (theirs["soundbites"] as? [[String: Any]] ?? []).compactMap { bite -> Soundbite? in
                guard let start = (bite["startTime"] as? String).flatMap(Double.init), start >= 0,
                    let length = (bite["duration"] as? String).flatMap(Double.init), length > 0
                else { return nil }
                return Soundbite(start: start, duration: length, title: bite["title"] as? String)
            }
            #expect(ours.soundbites == usable, "\(ours.title ?? "?")")
        }
        #expect(feed.episodes.map(\.soundbites.count) == [2, 1])
    }

    @Test("the namespace's two addresses read the same")
    func bothAddresses() throws {
        #expect(try Self.fixture("people").feed == Self.fixture("people_github").feed)
    }
}
