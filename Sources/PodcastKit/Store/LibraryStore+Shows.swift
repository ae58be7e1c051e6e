import Foundation
import GRDB

/// A show with counts of its episodes, for `podline shows`.
public struct ShowSummary: Sendable, Equatable {
    public var show: ShowRecord
    public var episodeCount: Int
    public var unplayedCount: Int
    public var downloadedCount: Int
}

/// What a feed update did to one show.
public struct FeedApplication: Sendable, Equatable {
    public var show: ShowRecord
    /// Episodes seen for the first time.
    public var newEpisodes: Int
    /// True when the stored feed URL changed (HTTP 301 or `itunes:new-feed-url`).
    public var moved: Bool
    /// Where the feed was not well-formed, with line and column (see `ParsedFeed.warnings`).
    public var warnings: [String] = []
}

extension LibraryStore {
    /// Every show, by title.
    public func shows() throws(StoreError) -> [ShowRecord] {
        try read { db in try ShowRecord.live.order(sql: "title COLLATE NOCASE, id").fetchAll(db) }
    }

    /// Every show with its episode counts, by title.
    public func showSummaries() throws(StoreError) -> [ShowSummary] {
        try shows().map { show in
            ShowSummary(
                show: show, episodeCount: show.episodeCount, unplayedCount: show.unplayedCount,
                downloadedCount: show.downloadedCount)
        }
    }

    /// Each show's count of episodes not played, by the show's id: what a mark changes of the shows, read without
    /// the rest of their records.
    public func unplayedCounts() throws(StoreError) -> [Int64: Int] {
        try read { db in
            var counts: [Int64: Int] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT id, unplayedCount FROM live_show")
            while let row = try rows.next() { counts[row[0]] = row[1] }
            return counts
        }
    }

    /// The show named by `text`: its slug, its id, or its feed URL.
    public func show(matching text: String) throws(StoreError) -> ShowRecord? {
        let normalized = FeedURL.normalized(text)
        // Prepared once a connection: preparing a read of the live shows' view, every column, cost 1.4 million
        // instructions, and the full-screen view looks a show up at each move to an episode of it.
        @Sendable func first(_ column: String, _ value: some DatabaseValueConvertible, _ db: Database) throws -> ShowRecord? {
            try ShowRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM live_show WHERE \(column) = ?"), arguments: [value])
        }
        return try read { db in
            if let show = try first("slug", text, db) { return show }
            if let id = Int64(text), let show = try first("id", id, db) { return show }
            return try first("feedURL", normalized, db)
        }
    }

    /// Subscribes to the feed at `feedURL` with what it `parsed` to, in one transaction.
    public func addShow(
        feedURL: String, parsed: ParsedFeed, etag: String? = nil, lastModified: String? = nil,
        now: Date = Date()
    ) throws(StoreError) -> FeedApplication {
        try write { db in
            // A removed show's slug and feed URL are free again once its tombstone is gone.
            try Self.purgeRemovedShows(db)
            if try ShowRecord.filter(Column("feedURL") == feedURL).fetchOne(db) != nil {
                throw StoreError.alreadySubscribed("\(feedURL): already subscribed")
            }
            let slug = try Slug.unique(Slug.make(from: parsed.title ?? URL(string: feedURL)?.host ?? "show")) { candidate in
                try ShowRecord.filter(Column("slug") == candidate).fetchCount(db) > 0
            }
            var show = ShowRecord(
                id: nil, slug: slug, feedURL: feedURL, title: nil, author: nil, image: nil, link: nil,
                description: nil, language: nil, podcastGUID: nil, etag: etag, lastModified: lastModified,
                lastUpdate: now, lastError: nil, addedAt: now, nextNumber: 1)
            try show.insert(db)
            return try Self.apply(parsed, to: &show, in: db, now: now)
        }
    }

    /// Applies a fetched feed to the show with `showID` in one transaction: new episodes added, known ones
    /// refreshed (the listener's state kept), the URL moved when `movedTo` or the feed's new URL says so.
    public func applyUpdate(
        showID: Int64, parsed: ParsedFeed, movedTo: String? = nil, etag: String?, lastModified: String?,
        now: Date = Date()
    ) throws(StoreError) -> FeedApplication {
        try write { db in
            // A show removed while its feed was fetched is purged here, and so not found.
            try Self.purgeRemovedShows(db)
            guard var show = try ShowRecord.fetchOne(db, key: showID) else {
                throw StoreError.notFound("no show with id \(showID)")
            }
            let oldURL = show.feedURL
            show.etag = etag
            show.lastModified = lastModified
            show.lastUpdate = now
            show.lastError = nil
            if let target = parsed.newURL.map(FeedURL.normalized) ?? movedTo, FeedURL.isRemote(target), target != oldURL,
                try ShowRecord.filter(Column("feedURL") == target).fetchCount(db) == 0
            {
                show.feedURL = target
            }
            var application = try Self.apply(parsed, to: &show, in: db, now: now)
            application.moved = show.feedURL != oldURL
            try Self.purgeSearchIndex(db)
            return application
        }
    }

    /// Records that the show's feed answered 304 Not Modified.
    public func recordNotModified(showID: Int64, now: Date = Date()) throws(StoreError) {
        try write { db in
            try Self.purgeRemovedShows(db)
            try db.execute(sql: "UPDATE show SET lastUpdate = ?, lastError = NULL WHERE id = ?", arguments: [now, showID])
        }
    }

    /// Records why the show's feed could not be updated; nothing else changes.
    public func recordFailure(showID: Int64, reason: String, now: Date = Date()) throws(StoreError) {
        try write { db in
            try Self.purgeRemovedShows(db)
            try db.execute(sql: "UPDATE show SET lastUpdate = ?, lastError = ? WHERE id = ?", arguments: [now, reason, showID])
        }
    }

    /// The show columns a feed update writes (the counters belong to the database's triggers).
    static let feedColumns = [
        "slug", "feedURL", "title", "author", "image", "link", "description", "language", "podcastGUID",
        "etag", "lastModified", "lastUpdate", "lastError", "nextNumber", "persons", "funding", "trailers", "podroll",
        "liveItems",
    ]

    /// Copies show metadata and merges episodes into the database, numbering new episodes oldest first.
    private static func apply(_ parsed: ParsedFeed, to show: inout ShowRecord, in db: Database, now: Date) throws -> FeedApplication {
        guard let showID = show.id else { throw StoreError.invalid("show without id") }
        show.title = parsed.title ?? show.title
        show.author = parsed.author ?? show.author
        show.image = parsed.image ?? show.image
        show.link = parsed.link ?? show.link
        show.description = parsed.description ?? show.description
        show.language = parsed.language ?? show.language
        show.podcastGUID = parsed.podcastGUID ?? show.podcastGUID
        show.persons = JSONList.text(parsed.persons.map(\.json))
        show.funding = JSONList.text(parsed.funding.map(\.json))
        show.trailers = JSONList.text(parsed.trailers.map(\.json))
        show.podroll = JSONList.text(parsed.podroll.map(\.json))
        show.liveItems = JSONList.text(parsed.liveItems.map(\.json))

        var known: [String: EpisodeRecord] = [:]
        for episode in try EpisodeRecord.filter(Column("showID") == showID).fetchAll(db) { known[episode.guid] = episode }
        var fresh: [(offset: Int, episode: ParsedEpisode)] = []
        for (offset, parsedEpisode) in parsed.episodes.enumerated() {
            guard let guid = parsedEpisode.guid else { continue }  // nothing to identify it by
            if var existing = known[guid] {
                try existing.updateChanges(db) { $0.update(from: parsedEpisode) }
            } else {
                fresh.append((offset, parsedEpisode))
            }
        }
        // Oldest first; undated items in reverse document order (feeds list newest first).
        fresh.sort { lhs, rhs in
            switch (lhs.episode.published, rhs.episode.published) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return false
            case (_?, nil): return true
            default: return lhs.offset > rhs.offset
            }
        }
        for (_, parsedEpisode) in fresh {
            var record = EpisodeRecord(
                id: nil, showID: showID, number: show.nextNumber, guid: parsedEpisode.guid!,
                isPlayed: false, position: 0, isFavorite: false, downloadPath: nil, firstSeen: now)
            record.update(from: parsedEpisode)
            try record.insert(db)
            show.nextNumber += 1
        }
        try show.update(db, columns: Self.feedColumns)
        if let stored = try ShowRecord.fetchOne(db, key: showID) { show = stored }
        return FeedApplication(show: show, newEpisodes: fresh.count, moved: false)
    }

    /// Removes a show: from this transaction on, nothing lists, finds or counts it or its episodes.
    ///
    /// Deleting a large show's rows with their index entries costs more than a removal may take (10,000 episodes:
    /// 3,500 pages written, 80 ms), so the show is only marked removed (`removedAt`, one row; every read goes through
    /// the `live_show` and `live_episode` views of migration v10), and `purgeRemovedShows` deletes its episodes at the
    /// next feed write (`add`, `update`), which also frees its slug and feed URL before they could be needed again.
    public func removeShow(id: Int64, now: Date = Date()) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE show SET removedAt = ? WHERE id = ? AND removedAt IS NULL", arguments: [now, id])
        }
    }

    /// Deletes the removed shows and their episodes, positions and transcripts, in one transaction; `add` and
    /// `update` do it before they write.
    public func purgeRemovedShows() throws(StoreError) {
        try write { db in try Self.purgeRemovedShows(db) }
    }

    /// Deletes the shows marked removed and everything of theirs.
    ///
    /// Row by row, the search index's, the show counters' and the listening sums' delete triggers cost more than the
    /// rest of a large show's deletion. They are set aside inside the transaction (their SQL read back from the schema,
    /// so that the migrations stay the one place it is written) and made again before the commit: the counters and
    /// the listening sums go with the show, and the search index keeps the episodes' entries, which no search finds
    /// (each joins `episode`, whose ids are never reused) and `purgeSearchIndex` clears once they outnumber the
    /// episodes.
    static func purgeRemovedShows(_ db: Database) throws {
        let removed = "SELECT id FROM show WHERE removedAt IS NOT NULL"
        guard try Int64.fetchOne(db, sql: removed + " LIMIT 1") != nil else { return }
        var setAside: [String] = []
        for name in ["episode_search_delete", "show_counts_delete", "listening_deleted"] {
            let sql = "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?"
            guard let definition = try String.fetchOne(db, sql: sql, arguments: [name]) else { continue }
            setAside.append(definition)
            try db.execute(sql: "DROP TRIGGER \(name)")
        }
        try db.execute(sql: "DELETE FROM listening_day WHERE showID IN (\(removed))")
        try db.execute(sql: "DELETE FROM episode WHERE showID IN (\(removed))")
        let episodes = db.changesCount
        try db.execute(sql: "DELETE FROM show WHERE removedAt IS NOT NULL")
        for definition in setAside { try db.execute(sql: definition) }
        try db.execute(
            sql: """
                INSERT INTO setting (key, value) VALUES (?, ?)
                ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + excluded.value
                """, arguments: [staleSearchEntries, episodes])
    }

    /// The `setting` that counts the search index's entries of removed episodes.
    static let staleSearchEntries = "episode_search.stale"

    /// Builds the search index again when the entries of removed episodes outnumber the episodes (the index
    /// then costs more than twice its use); `update` calls it, in its transaction.
    static func purgeSearchIndex(_ db: Database) throws {
        let sql = "SELECT CAST(value AS INTEGER) FROM setting WHERE key = ?"
        guard let stale = try Int.fetchOne(db, sql: sql, arguments: [staleSearchEntries]), stale > 0 else { return }
        let episodes = try Int.fetchOne(db, sql: "SELECT total(episodeCount) FROM live_show") ?? 0
        if stale > episodes { try rebuildSearchIndex(db) }
    }

    /// Indexes every episode's title and notes afresh, forgetting the entries of removed ones.
    static func rebuildSearchIndex(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO episode_search (episode_search) VALUES ('delete-all');
                INSERT INTO episode_search (rowid, title, notes) SELECT id, title, podline_notes_text(description) FROM episode;
                """)
        try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [staleSearchEntries])
    }
}

extension ShowRecord {
    /// The shows not removed: every read of shows goes through it (see `LibraryStore.removeShow`).
    static let live = Table<ShowRecord>("live_show")
}

extension EpisodeRecord {
    init(
        id: Int64?, showID: Int64, number: Int, guid: String, isPlayed: Bool, position: Double, isFavorite: Bool,
        downloadPath: String?, firstSeen: Date
    ) {
        self.init(
            id: id, showID: showID, number: number, guid: guid, title: nil, link: nil, description: nil, published: nil,
            duration: nil, enclosureURL: nil, enclosureLength: nil, enclosureType: nil, season: nil, episodeNumber: nil,
            chaptersURL: nil, transcriptURL: nil, image: nil, isPlayed: isPlayed, position: position,
            isFavorite: isFavorite, downloadPath: downloadPath, firstSeen: firstSeen, chapters: nil,
            chaptersFile: nil, transcripts: nil, alternates: nil)
    }
}
