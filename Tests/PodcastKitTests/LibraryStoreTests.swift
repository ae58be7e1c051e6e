import Foundation
import GRDB
import Testing

@testable import PodcastKit

@Suite("Library store")
struct LibraryStoreTests {
    static let three = FeedFixtures.rss(
        title: "Three Episodes",
        items: [
            ("g3", "Third", "Wed, 03 Jan 2024 00:00:00 GMT", "https://x.example.com/3.mp3"),
            ("g2", "Second", "Tue, 02 Jan 2024 00:00:00 GMT", "https://x.example.com/2.mp3"),
            ("g1", "First", "Mon, 01 Jan 2024 00:00:00 GMT", "https://x.example.com/1.mp3"),
        ])

    @Test("the database is WAL, migrated, and sound")
    func opens() throws {
        let library = try TemporaryLibrary()
        let mode = try library.store.pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        #expect(try library.store.integrityCheck() == "ok")
        #expect(FileManager.default.fileExists(atPath: library.folder.appendingPathComponent("library.sqlite").path))
        // Opening again (migrations already applied) works.
        _ = try LibraryStore(paths: library.store.paths)
    }

    @Test("the newest-first listing reads an index in its order rather than sorting every episode")
    func listingUsesIndex() throws {
        let library = try TemporaryLibrary()
        _ = try library.store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.three))
        for query in [EpisodeQuery(limit: 100), EpisodeQuery(states: [.new], limit: 10)] {
            let (sql, arguments) = LibraryStore.listingStatement(query)
            let plan = try library.store.pool.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String? ?? "" }
            }
            #expect(plan.contains { $0.contains("episode_newest") }, "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
        let listed = try library.store.episodes(EpisodeQuery(limit: 2))
        #expect(listed.map(\.episode.title) == ["Third", "Second"])
    }

    @Test("adding numbers episodes oldest first and gives the show a slug")
    func add() throws {
        let library = try TemporaryLibrary()
        let added = try library.store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.three))
        #expect(added.newEpisodes == 3)
        #expect(added.show.slug == "three-episodes")
        let listings = try library.store.episodes(EpisodeQuery())
        #expect(listings.map(\.ref) == ["three-episodes/3", "three-episodes/2", "three-episodes/1"])
        #expect(listings.map(\.episode.title) == ["Third", "Second", "First"])
        #expect(throws: StoreError.alreadySubscribed("https://example.com/feed.xml: already subscribed")) {
            try library.store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.three))
        }
        let second = try library.store.addShow(feedURL: "https://other.example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.three))
        #expect(second.show.slug == "three-episodes-2")
    }

    @Test("updates keep the listener's state and references, even when titles change")
    func updateKeepsState() throws {
        let library = try TemporaryLibrary()
        let store = library.store
        let show = try store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.three)).show
        let second = try store.episode(.showNumber(slug: show.slug, number: 2))
        try store.setPlayed(episodeID: second.episode.id!, true)
        try store.setFavorite(episodeID: second.episode.id!, true)
        let renamed = FeedFixtures.rss(
            title: "Three Episodes",
            items: [
                ("g4", "Fourth", "Thu, 04 Jan 2024 00:00:00 GMT", "https://x.example.com/4.mp3"),
                ("g2", "Second, renamed", "Tue, 02 Jan 2024 00:00:00 GMT", "https://x.example.com/2b.mp3"),
                ("g1", "Second", "Mon, 01 Jan 2024 00:00:00 GMT", "https://x.example.com/1.mp3"),
            ])
        let applied = try store.applyUpdate(showID: show.id!, parsed: TemporaryLibrary.parse(renamed), etag: "\"v2\"", lastModified: nil)
        #expect(applied.newEpisodes == 1)
        let after = try store.episode(.showNumber(slug: show.slug, number: 2))
        #expect(after.episode.id == second.episode.id)
        #expect(after.episode.title == "Second, renamed")
        #expect(after.episode.enclosureURL == "https://x.example.com/2b.mp3")
        #expect(after.episode.isPlayed)
        #expect(after.episode.isFavorite)
        #expect(try store.episode(.showNumber(slug: show.slug, number: 4)).episode.guid == "g4")
        #expect(
            try store.episode(.showNumber(slug: show.slug, number: 1)).episode.guid == "g1", "same title as another episode, still its own")
        #expect(try store.episodes(EpisodeQuery()).count == 4, "an episode missing from the feed is kept")
        #expect(try store.show(matching: show.slug)?.etag == "\"v2\"")
    }

    @Test("a failed update changes nothing")
    func failedUpdateIsRolledBack() throws {
        let library = try TemporaryLibrary()
        let store = library.store
        let show = try store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.three)).show
        // A trigger makes the third insert fail half-way through the update.
        try store.pool.write { db in
            try db.execute(
                sql:
                    "CREATE TRIGGER fail_on_g6 BEFORE INSERT ON episode WHEN new.guid = 'g6' BEGIN SELECT RAISE(ABORT, 'disk trouble'); END"
            )
        }
        let bigger = FeedFixtures.rss(
            title: "Renamed Show",
            items: [
                ("g6", "Sixth", "Sat, 06 Jan 2024 00:00:00 GMT", "https://x.example.com/6.mp3"),
                ("g5", "Fifth", "Fri, 05 Jan 2024 00:00:00 GMT", "https://x.example.com/5.mp3"),
                ("g4", "Fourth", "Thu, 04 Jan 2024 00:00:00 GMT", "https://x.example.com/4.mp3"),
            ])
        #expect(throws: StoreError.self) {
            try store.applyUpdate(showID: show.id!, parsed: TemporaryLibrary.parse(bigger), etag: "new", lastModified: nil)
        }
        #expect(try store.episodes(EpisodeQuery()).count == 3)
        let stored = try store.show(matching: show.slug)
        #expect(stored?.title == "Three Episodes")
        #expect(stored?.etag == nil)
        #expect(stored?.nextNumber == 4)
    }

    @Test("a 301 or itunes:new-feed-url moves the stored URL")
    func moves() throws {
        let library = try TemporaryLibrary()
        let store = library.store
        let show = try store.addShow(feedURL: "https://old.example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.three)).show
        let viaRedirect = try store.applyUpdate(
            showID: show.id!, parsed: TemporaryLibrary.parse(Self.three),
            movedTo: "https://moved.example.com/feed.xml", etag: nil, lastModified: nil)
        #expect(viaRedirect.moved)
        #expect(viaRedirect.show.feedURL == "https://moved.example.com/feed.xml")
        let announcing = FeedFixtures.rss(
            title: "Three Episodes", items: [],
            extraChannel: "<itunes:new-feed-url>https://new.example.com/rss</itunes:new-feed-url>")
        let viaTag = try store.applyUpdate(showID: show.id!, parsed: TemporaryLibrary.parse(announcing), etag: nil, lastModified: nil)
        #expect(viaTag.show.feedURL == "https://new.example.com/rss")
        #expect(try store.show(matching: "https://new.example.com/rss")?.id == show.id)
    }

    @Test("filters, search and limit")
    func queries() throws {
        let library = try TemporaryLibrary()
        let store = library.store
        let show = try store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.three)).show
        let first = try store.episode(.showNumber(slug: show.slug, number: 1)).episode.id!
        let second = try store.episode(.showNumber(slug: show.slug, number: 2)).episode.id!
        try store.setPlayed(episodeID: first, true)
        try store.setPosition(episodeID: second, 42)
        try store.setDownloadPath(episodeID: second, "three-episodes/2.mp3")
        #expect(try store.episodes(EpisodeQuery(states: [.new])).map(\.ref) == ["three-episodes/3"])
        #expect(try store.episodes(EpisodeQuery(states: [.inProgress])).map(\.ref) == ["three-episodes/2"])
        #expect(try store.episodes(EpisodeQuery(states: [.downloaded])).map(\.ref) == ["three-episodes/2"])
        #expect(try store.episodes(EpisodeQuery(search: "sec")).map(\.ref) == ["three-episodes/2"])
        #expect(try store.episodes(EpisodeQuery(search: "\"quoted")).isEmpty)
        #expect(try store.episodes(EpisodeQuery(limit: 2)).count == 2)
        let summaries = try store.showSummaries()
        #expect(summaries.map(\.episodeCount) == [3])
        #expect(summaries.map(\.unplayedCount) == [2])
        #expect(summaries.map(\.downloadedCount) == [1])
    }

    @Test("episode references")
    func references() throws {
        #expect(EpisodeReference("my-show/12") == .showNumber(slug: "my-show", number: 12))
        #expect(EpisodeReference("42") == .id(42))
        #expect(EpisodeReference("my-show") == nil)
        #expect(EpisodeReference("my-show/0") == nil)
        #expect(EpisodeReference("/3") == nil)
        let library = try TemporaryLibrary()
        #expect(throws: StoreError.notFound("nope/1: no such episode")) { try library.store.episode(.showNumber(slug: "nope", number: 1)) }
    }

    @Test("two stores on one file write at once and lose nothing")
    func concurrentWriters() async throws {
        let library = try TemporaryLibrary()
        let other = try LibraryStore(paths: library.store.paths)
        let show = try library.store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.three)).show
        let ids = try library.store.episodes(EpisodeQuery()).compactMap(\.episode.id)
        await withTaskGroup(of: Void.self) { group in
            for (index, store) in [library.store, other].enumerated() {
                group.addTask {
                    for round in 0..<40 {
                        let feed = FeedFixtures.rss(
                            title: "Three Episodes",
                            items: [
                                (
                                    "w\(index)-\(round)", "Writer \(index) round \(round)", "Mon, 01 Jan 2024 00:00:00 GMT",
                                    "https://x/\(index)-\(round).mp3"
                                )
                            ])
                        _ = try? store.applyUpdate(
                            showID: show.id!, parsed: try! TemporaryLibrary.parse(feed), etag: nil, lastModified: nil)
                        try? store.setPosition(episodeID: ids[index], Double(round))
                    }
                }
            }
        }
        #expect(try library.store.episodes(EpisodeQuery()).count == 3 + 80)
        let numbers = try library.store.episodes(EpisodeQuery()).map(\.episode.number)
        #expect(Set(numbers).count == numbers.count)
        #expect(try library.store.integrityCheck() == "ok")
    }
}
