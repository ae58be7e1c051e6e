import Foundation
import GRDB
import TestSupport
import Testing

@testable import PodcastKit

/// `remove` marks the show removed (one row) and its rows are purged at the next `add` or `update`: until then no
/// read lists, finds or counts anything of it, and the same feed can be added again at once.
@Suite("removed shows: a tombstone until purged")
struct RemovedShowTests {
    /// A feed of `episodes` episodes whose titles hold `word`, published on consecutive days of January 2024.
    static func feed(_ title: String, word: String, episodes: Int) -> String {
        FeedFixtures.rss(
            title: title,
            items: (1...episodes).map { number in
                (
                    "\(title)-\(number)", "\(word) \(title) \(number)", "Mon, \(String(format: "%02d", number)) Jan 2024 08:00:00 GMT",
                    "https://\(title.lowercased()).example.com/\(number).mp3"
                )
            })
    }

    static func add(_ store: LibraryStore, _ title: String, episodes: Int) throws -> ShowRecord {
        let url = "https://\(title.lowercased()).example.com/feed.xml"
        let parsed = try TemporaryLibrary.parse(Self.feed(title, word: "orchard", episodes: episodes), url: url)
        return try store.addShow(feedURL: url, parsed: parsed).show
    }

    /// Rows of the show still in the database, whatever the views say.
    static func storedRows(of id: Int64, in store: LibraryStore) throws -> (shows: Int, episodes: Int) {
        try store.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM show WHERE id = ?", arguments: [id]) ?? -1,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM episode WHERE showID = ?", arguments: [id]) ?? -1
            )
        }
    }

    @Test("after remove nothing lists, finds or counts the show or its episodes; the purge deletes its rows")
    func nothingOfItIsRead() throws {
        let library = try TemporaryLibrary()
        let store = library.store
        let gone = try Self.add(store, "Gone", episodes: 3)
        let kept = try Self.add(store, "Kept", episodes: 2)
        let goneID = try #require(gone.id)
        // Every kind of state an episode of the removed show can have: downloaded, in progress, heard, favourite,
        // with a transcript.
        let first = try store.episode(.showNumber(slug: gone.slug, number: 1)).episode.id!
        let second = try store.episode(.showNumber(slug: gone.slug, number: 2)).episode.id!
        try store.setDownloadPath(episodeID: first, "gone/1.mp3")
        try store.setPosition(episodeID: second, 30)
        try store.setFavorite(episodeID: first, true)
        try store.keepTranscript(
            episodeID: first,
            KeptTranscript(
                url: "https://gone.example.com/1.vtt", format: .vtt, language: nil,
                cues: [TranscriptCue(start: 0, end: 1, speaker: nil, text: "a quince on the table")]))
        #expect(try store.search("quince").count == 1)
        let before = try store.stats()
        #expect(before.shows == 2 && before.episodes == 5 && before.downloaded == 1 && before.inProgress == 1)

        try store.removeShow(id: goneID)

        #expect(try Self.storedRows(of: goneID, in: store) == (1, 3), "a tombstone: the rows wait for the purge")
        #expect(try store.shows().map(\.id) == [kept.id])
        #expect(try store.showSummaries().map(\.show.id) == [kept.id])
        for text in [gone.slug, String(goneID), gone.feedURL] { #expect(try store.show(matching: text) == nil, "\(text)") }
        let keptIDs = try store.episodes(EpisodeQuery(showID: kept.id)).compactMap(\.episode.id).sorted()
        #expect(try store.episodes(EpisodeQuery()).compactMap(\.episode.id).sorted() == keptIDs)
        #expect(try store.episodes(EpisodeQuery(limit: 100)).allSatisfy { $0.episode.showID == kept.id })
        #expect(try store.episodes(EpisodeQuery(showID: goneID)).isEmpty)
        for state in EpisodeQuery.State.allCases where state != .new && state != .unplayed {
            #expect(try store.episodes(EpisodeQuery(states: [state])).isEmpty, "\(state)")
        }
        #expect(try store.episodes(EpisodeQuery(states: [.new])).count == 2)
        #expect(try store.episodes(EpisodeQuery(states: [.unplayed])).count == 2)
        #expect(try store.episodes(EpisodeQuery(search: "orchard")).allSatisfy { $0.episode.showID == kept.id })
        #expect(try store.search("orchard").map(\.listing.episode.showID) == [kept.id!, kept.id!])
        #expect(try store.search("gone").isEmpty)
        #expect(try store.search("quince").isEmpty, "transcripts of the removed show are not found")
        #expect(throws: StoreError.self) { try store.episode(.showNumber(slug: gone.slug, number: 1)) }
        #expect(throws: StoreError.self) { try store.episode(.id(first)) }
        #expect(try store.lastHeard() == nil, "the episode heard last belongs to the removed show")
        #expect(try store.newestUnplayed(showID: goneID) == nil)
        #expect(try store.newEpisodes(showIDs: [], limitPerShow: nil).allSatisfy { $0.episode.showID == kept.id })
        #expect(try store.episodeIDs(showIDs: [], publishedBefore: nil).sorted() == keptIDs)
        #expect(try store.episodeIDs(showIDs: [goneID], publishedBefore: nil).isEmpty)
        #expect(try store.downloadPaths(showID: goneID).isEmpty)
        #expect(try store.isDownloadPathRecorded("gone/1.mp3") == false)
        let after = try store.stats()
        #expect(after.shows == 1 && after.episodes == 2 && after.downloaded == 0 && after.inProgress == 0 && after.played == 0)
        // A second removal of the same show changes nothing; an update that raced the removal finds no show.
        try store.removeShow(id: goneID)
        #expect(throws: StoreError.self) {
            try store.applyUpdate(
                showID: goneID, parsed: TemporaryLibrary.parse(Self.feed("Gone", word: "orchard", episodes: 4)), etag: nil,
                lastModified: nil)
        }

        // Its transaction, purge included, was rolled back; the next write purges: rows, transcript and counters
        // gone, triggers back, index and file sound.
        #expect(try Self.storedRows(of: goneID, in: store) == (1, 3))
        try store.purgeRemovedShows()
        #expect(try Self.storedRows(of: goneID, in: store) == (0, 0))
        let leftovers = try store.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM transcript) + (SELECT count(*) FROM transcript_cue)")
        }
        #expect(leftovers == 0)
        let triggers = try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") }
        #expect(triggers == 15, "the counters', the search's, playedAt's, the listening sums' and the inserted comparison's triggers")
        #expect(try store.shows().first?.episodeCount == 2)
        #expect(try store.integrityCheck() == "ok")
        try NotesSearchTests.indexIsSound(store)
        #expect(try store.search("orchard").count == 2)
    }

    @Test("the same feed added again right after remove: same slug, the listener's state gone, the tombstone purged")
    func addAgain() throws {
        let library = try TemporaryLibrary()
        let store = library.store
        let first = try Self.add(store, "Again", episodes: 3)
        let episode = try store.episode(.showNumber(slug: first.slug, number: 2)).episode.id!
        try store.setPlayed(episodeID: episode, true)
        try store.removeShow(id: first.id!)
        let second = try Self.add(store, "Again", episodes: 3)
        #expect(second.slug == first.slug && second.id != first.id)
        #expect(second.episodeCount == 3 && second.unplayedCount == 3)
        #expect(try store.shows().map(\.id) == [second.id])
        #expect(try store.episodes(EpisodeQuery(showID: second.id)).allSatisfy { !$0.episode.isPlayed })
        #expect(try Self.storedRows(of: first.id!, in: store) == (0, 0))
        #expect(try store.show(matching: first.slug)?.id == second.id)
        // A show taking the removed show's slug from another feed works as well.
        try store.removeShow(id: second.id!)
        let url = "https://elsewhere.example.com/feed.xml"
        let other = try store.addShow(feedURL: url, parsed: TemporaryLibrary.parse(Self.feed("Again", word: "x", episodes: 1), url: url))
        #expect(other.show.slug == first.slug)
    }

    @Test("update purges: a changed feed, an unchanged one (304) and a failed fetch each purge before they write")
    func updatePurges() throws {
        let library = try TemporaryLibrary()
        let store = library.store
        let kept = try Self.add(store, "Stays", episodes: 1)
        let removedCount = { () throws -> Int in
            try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM show WHERE removedAt IS NOT NULL") ?? -1 }
        }
        let writes: [(String, () throws -> Void)] = [
            (
                "applyUpdate",
                {
                    _ = try store.applyUpdate(
                        showID: kept.id!, parsed: TemporaryLibrary.parse(Self.feed("Stays", word: "orchard", episodes: 2)),
                        etag: nil, lastModified: nil)
                }
            ),
            ("recordNotModified", { try store.recordNotModified(showID: kept.id!) }),
            ("recordFailure", { try store.recordFailure(showID: kept.id!, reason: "offline") }),
            ("purgeRemovedShows", { try store.purgeRemovedShows() }),
        ]
        for (index, (name, write)) in writes.enumerated() {
            let show = try Self.add(store, "Removed\(index)", episodes: 5)
            try store.removeShow(id: show.id!)
            #expect(try removedCount() == 1, "\(name)")
            try write()
            #expect(try removedCount() == 0, "\(name)")
            #expect(try Self.storedRows(of: show.id!, in: store) == (0, 0), "\(name)")
        }
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.stats().episodes == 2)
    }

    @Test("the views keep the indexes in use: the newest episodes, one show's, search, and a show by slug")
    func queryPlans() throws {
        let library = try TemporaryLibrary()
        let plan = { (sql: String, arguments: StatementArguments) throws -> String in
            try library.store.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
                    .joined(separator: "; ")
            }
        }
        let newest = LibraryStore.listingStatement(EpisodeQuery(limit: 100))
        let newestPlan = try plan(newest.0, newest.1)
        #expect(newestPlan.contains("USING INDEX episode_newest") && !newestPlan.contains("TEMP B-TREE"), "\(newestPlan)")
        let ofShow = LibraryStore.listingStatement(EpisodeQuery(showID: 1))
        #expect(try plan(ofShow.0, ofShow.1).contains("episode USING INDEX sqlite_autoindex_episode"))
        let search = try plan(
            "SELECT episode.id FROM episode_search JOIN live_episode AS episode ON episode.id = episode_search.rowid "
                + "WHERE episode_search MATCH 'x'", [])
        #expect(search.contains("episode USING INTEGER PRIMARY KEY"), "\(search)")
        #expect(try plan("SELECT * FROM live_show WHERE slug = 'x'", []).contains("USING INDEX sqlite_autoindex_show"))
    }
}
