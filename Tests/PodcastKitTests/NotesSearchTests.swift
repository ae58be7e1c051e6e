import Foundation
import GRDB
import TestSupport
import Testing

@testable import PodcastKit

/// Search finds the words of show notes a listener reads, never their markup; a removed show's episodes are never
/// found; a library indexed as HTML is indexed again as text.
@Suite("show notes in search")
struct NotesSearchTests {
    /// Notes whose only `href`, `ul`, `script` and `div` are markup, with an entity and a script's content.
    static let notes = """
        <div class="intro"><p>Un caf&eacute; with <b>orchard</b> growers, <a href="https://links.example.com/page">read more</a>.</p>\
        <ul><li>tangerine harvest</li></ul><script>var hidden = "scriptword";</script>\
        <style>p { color: stylecolor }</style></div>
        """

    static func feed(title: String, guid: String, notes: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>\(title)</title>
        <item><guid>\(guid)</guid><title>Episode of \(title)</title><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>
        <description><![CDATA[\(notes)]]></description>
        <enclosure url="https://x.example.com/\(guid).mp3" length="100" type="audio/mpeg"/></item>
        </channel></rss>
        """
    }

    static func add(_ store: LibraryStore, _ title: String, notes: String = Self.notes) throws -> ShowRecord {
        let url = "https://\(title.lowercased()).example.com/feed.xml"
        return try store.addShow(feedURL: url, parsed: TemporaryLibrary.parse(Self.feed(title: title, guid: title, notes: notes), url: url))
            .show
    }

    /// What `search` and `episodes --search` find for `text`: hit counts of each.
    static func found(_ text: String, in store: LibraryStore) throws -> (hits: Int, listed: Int) {
        (try store.search(text).count, try store.episodes(EpisodeQuery(search: text)).count)
    }

    /// The search index's own check, as RemoveFaultTests runs it.
    static func indexIsSound(_ store: LibraryStore) throws {
        try store.write { db in
            try db.execute(sql: "INSERT INTO episode_search (episode_search, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test("the index reads notes as text: entities decoded, scripts and styles dropped, no links numbered")
    func searchText() {
        #expect(
            ShowNotes.searchText(html: Self.notes)
                == "Un café with orchard growers, read more. tangerine harvest")
        #expect(ShowNotes.searchText(html: "plain words, as they are") == "plain words, as they are")
        #expect(ShowNotes.searchText(html: "Q&amp;A &lt;live&gt;") == "Q&A <live>")
    }

    @Test("href, ul, script and div are markup, not words; visible words and decoded entities are found")
    func markupIsNotSearched() throws {
        let library = try TemporaryLibrary()
        _ = try Self.add(library.store, "Markup")
        for word in ["href", "ul", "li", "script", "div", "class", "intro", "https", "links", "scriptword", "stylecolor", "eacute"] {
            #expect(try Self.found(word, in: library.store) == (0, 0), "\(word)")
        }
        for word in ["café", "cafe", "orchard", "tangerine", "\"read more\"", "grow*"] {
            #expect(try Self.found(word, in: library.store) == (1, 1), "\(word)")
        }
        let hit = try #require(try library.store.search("cafe").first)
        #expect(hit.kind == .notes)
        #expect(hit.text.hasPrefix("Un \u{1}café\u{2} with orchard growers"), "\(hit.text)")
        for word in ["orchard", "tangerine", "more"] {
            for found in try library.store.search(word) {
                #expect(!found.text.contains("<") && !found.text.contains(">"), "\(found.text)")
                #expect(found.text.contains(SearchHit.markStart), "\(found.text)")
            }
        }
        // A title match is still told apart from a notes match.
        #expect(try library.store.search("episode markup").first?.kind == .title)
        try Self.indexIsSound(library.store)
    }

    @Test("notes changed by an update are searched as they read now")
    func updatedNotes() throws {
        let library = try TemporaryLibrary()
        let show = try Self.add(library.store, "Changing")
        let changed = Self.feed(title: "Changing", guid: "Changing", notes: "<p>Now about <i>quinces</i> &amp; pears</p>")
        _ = try library.store.applyUpdate(
            showID: show.id!, parsed: TemporaryLibrary.parse(changed, url: show.feedURL), etag: nil, lastModified: nil)
        #expect(try Self.found("tangerine", in: library.store) == (0, 0))
        #expect(try Self.found("quinces", in: library.store) == (1, 1))
        #expect(try Self.found("i", in: library.store) == (0, 0))
        try Self.indexIsSound(library.store)
    }

    @Test("a removed show's episodes are never found, before and after the index is built again")
    func removedShowsAreNotFound() throws {
        let library = try TemporaryLibrary()
        let store = library.store
        let gone = try Self.add(store, "Gone")
        let kept = try Self.add(store, "Kept")
        #expect(try Self.found("tangerine", in: store) == (2, 2))
        try store.removeShow(id: gone.id!)
        #expect(try store.search("tangerine").map(\.listing.episode.showID) == [kept.id!])
        #expect(try store.episodes(EpisodeQuery(search: "tangerine")).map(\.episode.showID) == [kept.id!])
        #expect(try store.search("gone").isEmpty)
        // A show added later has new ids: the removed entries never stand for its episodes.
        let later = try Self.add(store, "Later", notes: "<p>Nothing in common</p>")
        #expect(try Self.found("tangerine", in: store) == (1, 1))
        #expect(try Self.found("later", in: store) == (1, 1))
        try Self.indexIsSound(store)
        let stale = {
            try store.read { db in
                try Int.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [LibraryStore.staleSearchEntries])
            }
        }
        #expect(try stale() == 1)
        // Once the removed entries outnumber the episodes, `update` builds the index again without them.
        try store.removeShow(id: later.id!)
        try store.removeShow(id: kept.id!)
        let again = try Self.add(store, "Again")
        #expect(try stale() == 3)
        _ = try store.applyUpdate(
            showID: again.id!,
            parsed: TemporaryLibrary.parse(Self.feed(title: "Again", guid: "Again", notes: Self.notes), url: again.feedURL),
            etag: nil, lastModified: nil)
        #expect(try stale() == nil)
        let entries = try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM episode_search_docsize") }
        #expect(entries == 1)
        #expect(try store.search("tangerine").map(\.listing.episode.showID) == [again.id!])
        try Self.indexIsSound(store)
    }

    @Test("a library whose index holds HTML notes is indexed again as text when opened")
    func migration() throws {
        let home = try Fixtures.temporaryDirectory("podline-notes-migration")
        let paths = LibraryPaths(home: home.path)
        try FileManager.default.createDirectory(at: paths.root, withIntermediateDirectories: true)
        do {
            let pool = try DatabasePool(path: paths.database.path)
            try LibraryMigrations.migrator.migrate(pool, upTo: "v8: measured loudness, and listening totals")
            try pool.write { db in
                try db.execute(
                    sql: "INSERT INTO show (id, slug, feedURL, title, addedAt) VALUES (1, 'old', 'https://old.example.com/', 'Old', 0)")
                for (id, notes) in [(1, Self.notes), (2, "plain tangerine words"), (3, nil)] {
                    try db.execute(
                        sql: "INSERT INTO episode (id, showID, number, guid, title, description, firstSeen) VALUES (?, 1, ?, ?, ?, ?, 0)",
                        arguments: [id, id, "g\(id)", "Old \(id)", notes])
                }
                // As before: the markup is in the index.
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM episode_search WHERE episode_search MATCH 'href'") == 1)
            }
        }
        let store = try LibraryStore(paths: paths)
        #expect(try Self.found("href", in: store) == (0, 0))
        #expect(try Self.found("div", in: store) == (0, 0))
        #expect(try Self.found("café", in: store) == (1, 1))
        #expect(try Self.found("tangerine", in: store) == (2, 2))
        #expect(try Self.found("old", in: store) == (3, 3))
        #expect(try store.search("cafe").first?.text.contains("<") == false)
        try Self.indexIsSound(store)
        #expect(try store.integrityCheck() == "ok")
    }
}
