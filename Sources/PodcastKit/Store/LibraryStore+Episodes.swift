import Foundation
import GRDB

/// Which episodes `podline episodes` lists.
public struct EpisodeQuery: Sendable, Equatable {
    /// The states an episode can be filtered by.
    public enum State: String, Sendable, CaseIterable, Codable {
        /// Not played and not started.
        case new
        /// Not played (started or not).
        case unplayed
        /// Started but not finished.
        case inProgress = "in-progress"
        /// Downloaded completely.
        case downloaded
        /// Marked as a favourite.
        case favorite
    }

    /// The orders a listing can take.
    public enum Sort: String, Sendable, CaseIterable, Codable {
        /// Newest first (the default).
        case newest
        /// Oldest first.
        case oldest
        /// Shortest first (unknown lengths last).
        case shortest
        /// Longest first (unknown lengths last).
        case longest
    }

    /// The shows the episodes are of (none: every show).
    public var showIDs: [Int64] = []
    /// Only these episodes (none: every episode).
    public var episodeIDs: [Int64] = []
    /// States the episodes are all in.
    public var states: [State] = []
    /// Words that must all appear in the title or description.
    public var search: String?
    /// Only episodes with a `podcast:person` (the episode's, else its show's) whose name holds this, case and accents
    /// aside.
    public var person: String?
    /// Only episodes published after this.
    public var publishedAfter: Date?
    /// Only episodes published before this.
    public var publishedBefore: Date?
    /// Only episodes at least this long, in seconds (an unknown length is left out).
    public var minDuration: Double?
    /// Only episodes at most this long, in seconds (an unknown length is left out).
    public var maxDuration: Double?
    /// Only episodes first seen at or after this (those an update found).
    public var seenSince: Date?
    public var sort = Sort.newest
    public var limit: Int?

    public init(showID: Int64? = nil, states: [State] = [], search: String? = nil, limit: Int? = nil) {
        self.showIDs = showID.map { [$0] } ?? []
        self.states = states
        self.search = search
        self.limit = limit
    }
}

extension EpisodeListing {
    /// The listing in a row of `LibraryStore.listingFrom`.
    init(row: Row) throws {
        self.init(
            episode: try EpisodeRecord(row: row), showSlug: row["showSlug"], showTitle: row["showTitle"],
            showAuthor: row["showAuthor"], showImage: row["showImage"])
    }

    /// The listings `sql` selects (from `LibraryStore.listingFrom`), in its order.
    ///
    /// Each row is decoded as the statement steps: a statement's row finds a column by name in a table of the
    /// statement's columns, while a copied row (`Row.fetchAll`) compares the name with every column's, lowercased,
    /// which took half the time of a long `episodes --json`.
    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [EpisodeListing] {
        try Array(cursor(db, sql: sql, arguments: arguments))
    }

    /// The first listing `sql` selects. The statement is kept prepared on the connection: a listing's SQL is one of
    /// a few written in the code, and preparing it (the episode's columns, the join with the live shows' view) cost
    /// about 1.6 million instructions, most of one episode's lookup.
    static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> EpisodeListing? {
        try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments).map(EpisodeListing.init(row:)).next()
    }

    private static func cursor(_ db: Database, sql: String, arguments: StatementArguments) throws
        -> MapCursor<RowCursor, EpisodeListing>
    {
        try Row.fetchCursor(db, sql: sql, arguments: arguments).map(EpisodeListing.init(row:))
    }
}

extension LibraryStore {
    /// Episodes matching `query`, newest first.
    public func episodes(_ query: EpisodeQuery) throws(StoreError) -> [EpisodeListing] {
        let (statement, statementArguments) = Self.listingStatement(query)
        return try read { db in
            try EpisodeListing.fetchAll(db, sql: statement, arguments: statementArguments)
        }
    }

    /// The SQL that lists `query`'s episodes, and its arguments.
    static func listingStatement(_ query: EpisodeQuery, columns: String = listingColumns) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if !query.showIDs.isEmpty {
            conditions.append("episode.showID IN (\(Array(repeating: "?", count: query.showIDs.count).joined(separator: ",")))")
            arguments += query.showIDs as [any DatabaseValueConvertible]
        }
        if !query.episodeIDs.isEmpty {
            conditions.append("episode.id IN (\(Array(repeating: "?", count: query.episodeIDs.count).joined(separator: ",")))")
            arguments += query.episodeIDs as [any DatabaseValueConvertible]
        }
        for state in query.states {
            switch state {
            case .new: conditions.append("episode.isPlayed = 0 AND episode.position = 0")
            case .unplayed: conditions.append("episode.isPlayed = 0")
            case .inProgress: conditions.append("episode.isPlayed = 0 AND episode.position > 0")
            case .downloaded: conditions.append("episode.downloadPath IS NOT NULL")
            case .favorite: conditions.append("episode.isFavorite = 1")
            }
        }
        if let search = query.search, let match = Self.ftsQuery(search) {
            conditions.append(
                """
                (episode.id IN (SELECT rowid FROM episode_search WHERE episode_search MATCH ?) OR episode.id IN (SELECT \
                transcript_cue.episodeID FROM transcript_search JOIN transcript_cue ON transcript_cue.id = transcript_search.rowid \
                WHERE transcript_search MATCH ?))
                """)
            arguments.append(match)
            arguments.append(match)
        }
        if let person = query.person {
            // An episode's people are its own, else its show's (as the namespace says).
            conditions.append(
                """
                EXISTS (SELECT 1 FROM json_each(COALESCE(episode.persons, show.persons)) \
                WHERE instr(podline_folded(json_extract(json_each.value, '$.name')), ?) > 0)
                """)
            arguments.append(Self.folded(person))
        }
        let bounds: [(String, (any DatabaseValueConvertible)?)] = [
            ("episode.published > ?", query.publishedAfter), ("episode.published < ?", query.publishedBefore),
            ("episode.firstSeen >= ?", query.seenSince), ("episode.duration >= ?", query.minDuration),
            ("episode.duration <= ?", query.maxDuration),
        ]
        for case let (condition, value?) in bounds {
            conditions.append(condition)
            arguments.append(value)
        }
        var sql = columns + listingJoin
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY " + order(query.sort)
        if let limit = query.limit { sql += " LIMIT \(max(0, limit))" }
        return (sql, StatementArguments(arguments.map { $0.databaseValue }))
    }

    /// `text` as names are compared: without case or accents (Zoë is zoe).
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// `podline_folded(text)`, registered on every connection: `folded`, NULL for NULL.
    static func foldedFunction() -> DatabaseFunction {
        DatabaseFunction("podline_folded", argumentCount: 1, pure: true) { values in
            String.fromDatabaseValue(values[0]).map(folded)
        }
    }

    /// The ORDER BY terms of `sort`; the newest first are the `episode_newest` index's.
    private static func order(_ sort: EpisodeQuery.Sort) -> String {
        switch sort {
        case .newest: "episode.published IS NULL, episode.published DESC, episode.number DESC"
        case .oldest: "episode.published IS NULL, episode.published ASC, episode.number ASC"
        case .shortest: "episode.duration IS NULL, episode.duration ASC, episode.published DESC"
        case .longest: "episode.duration IS NULL, episode.duration DESC, episode.published DESC"
        }
    }

    /// Episodes with their show's slug and title, before any condition: what every listing query selects. The join
    /// with `live_show` leaves out the episodes of removed shows (see `removeShow`).
    static let listingFrom = listingColumns + listingJoin

    /// What every listing selects: the whole episode, with its show's slug, title, author and picture.
    static let listingColumns =
        "SELECT episode.*, show.slug AS showSlug, show.title AS showTitle, show.author AS showAuthor, show.image AS showImage"

    /// The episodes of live shows, each with its show.
    static let listingJoin = " FROM episode JOIN live_show AS show ON show.id = episode.showID"

    /// The episode `reference` names, or a `notFound` error naming it.
    public func episode(_ reference: EpisodeReference) throws(StoreError) -> EpisodeListing {
        guard let found = try read({ db in try Self.listing(reference, in: db) }) else { throw .notFound("\(reference): no such episode") }
        return found
    }

    /// The episode `reference` names, read in `db`; nil when there is none.
    static func listing(_ reference: EpisodeReference, in db: Database) throws -> EpisodeListing? {
        switch reference {
        case .id(let id): try fetchListing(where: "episode.id = ?", arguments: [id], in: db)
        case .showNumber(let slug, let number):
            try fetchListing(where: "show.slug = ? AND episode.number = ?", arguments: [slug, number], in: db)
        }
    }

    /// Marks the episode played (position reset) or unplayed.
    public func setPlayed(episodeID: Int64, _ played: Bool, now: Date = Date()) throws(StoreError) {
        _ = try setPlayed(episodeIDs: [episodeID], played, now: now)
    }

    /// Sets or clears the favourite flag.
    public func setFavorite(episodeID: Int64, _ favorite: Bool) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE episode SET isFavorite = ? WHERE id = ?", arguments: [favorite, episodeID])
        }
    }

    /// Saves the playback position, and that the episode was heard now.
    public func setPosition(episodeID: Int64, _ position: Double, now: Date = Date()) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "UPDATE episode SET position = ?, heardAt = ? WHERE id = ?",
                arguments: [max(0, position), now.timeIntervalSince1970, episodeID])
        }
    }

    /// Keeps the chapters fetched from `url` (the episode's podcast:chapters file) for use offline.
    public func keepChapters(episodeID: Int64, url: String, _ chapters: [Chapter]) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "UPDATE episode SET chaptersFile = ? WHERE id = ?",
                arguments: [EpisodeRecord.chaptersFile(url: url, chapters: chapters), episodeID])
        }
    }

    /// The unplayed episode heard most recently, if any (one marked unplayed, back at its start, is not one).
    public func lastHeard() throws(StoreError) -> EpisodeListing? {
        try fetchListing(
            where: "episode.heardAt IS NOT NULL AND episode.isPlayed = 0 AND episode.position > 0 ORDER BY episode.heardAt DESC LIMIT 1")
    }

    /// The newest episode of the show `showID` not yet played, if any.
    public func newestUnplayed(showID: Int64) throws(StoreError) -> EpisodeListing? {
        try fetchListing(
            where: "episode.showID = ? AND episode.isPlayed = 0 AND episode.enclosureURL IS NOT NULL "
                + "ORDER BY episode.published IS NULL, episode.published DESC, episode.number DESC LIMIT 1",
            arguments: [showID])
    }

    /// The first listing that `clause` (a condition, and perhaps an order) selects.
    func fetchListing(where clause: String, arguments: StatementArguments = []) throws(StoreError) -> EpisodeListing? {
        try read { db in try Self.fetchListing(where: clause, arguments: arguments, in: db) }
    }

    /// The first listing that `clause` selects, read in `db`.
    static func fetchListing(where clause: String, arguments: StatementArguments, in db: Database) throws -> EpisodeListing? {
        try EpisodeListing.fetchOne(db, sql: listingFrom + " WHERE " + clause, arguments: arguments)
    }

    /// Records a completed download (`path` relative to the episodes folder), or forgets it with nil.
    public func setDownloadPath(episodeID: Int64, _ path: String?) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE episode SET downloadPath = ? WHERE id = ?", arguments: [path, episodeID])
        }
    }

    /// True when some episode's download is recorded at `path` (relative to the episodes folder).
    public func isDownloadPathRecorded(_ path: String) throws(StoreError) -> Bool {
        try read { db in try Table("live_episode").filter(Column("downloadPath") == path).fetchCount(db) > 0 }
    }

    /// An FTS5 query in which every word of `text` must appear (as a prefix), quotes escaped.
    static func ftsQuery(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map { word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
