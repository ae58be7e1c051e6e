import Foundation
import GRDB

/// A playlist as the library keeps it: a smart one has a query (what the command language saved), a named one a list
/// of episodes in order.
public struct PlaylistRecord: Sendable, Equatable {
    public var id: Int64
    public var name: String
    /// The saved query of a smart playlist; nil for a named one.
    public var query: String?

    /// True for a playlist whose episodes its query chooses.
    public var isSmart: Bool { query != nil }

    /// The name of the named playlist that is the player's queue: what plays next, kept between players. Every library
    /// has it; it is emptied, never removed.
    public static let queueName = "queue"

    /// True for the queue.
    public var isQueue: Bool { name.caseInsensitiveCompare(Self.queueName) == .orderedSame }

    public init(id: Int64, name: String, query: String?) {
        (self.id, self.name, self.query) = (id, name, query)
    }

    init(row: Row) {
        self.init(id: row["id"], name: row["name"], query: row["query"])
    }
}

extension LibraryStore {
    /// Every playlist, by name.
    public func playlists() throws(StoreError) -> [PlaylistRecord] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, query FROM playlist ORDER BY name COLLATE NOCASE").map(PlaylistRecord.init(row:))
        }
    }

    /// The playlist called `name` (case aside), if any.
    public func playlist(named name: String) throws(StoreError) -> PlaylistRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, query FROM playlist WHERE name = ?", arguments: [name]).map(
                PlaylistRecord.init(row:))
        }
    }

    /// Makes a playlist: smart with a query, named (empty) without; an `invalid` error when the name is taken.
    @discardableResult
    public func createPlaylist(named name: String, query: String?, now: Date = Date()) throws(StoreError) -> PlaylistRecord {
        try write { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM playlist WHERE name = ?", arguments: [name]) == 0 else {
                throw StoreError.invalid("\(name): a playlist already has that name")
            }
            try db.execute(
                sql: "INSERT INTO playlist (name, query, createdAt) VALUES (?, ?, ?)",
                arguments: [name, query, now.timeIntervalSince1970])
            return PlaylistRecord(id: db.lastInsertedRowID, name: name, query: query)
        }
    }

    /// Replaces a smart playlist's query.
    public func setPlaylistQuery(_ id: Int64, _ query: String) throws(StoreError) {
        try write { db in try db.execute(sql: "UPDATE playlist SET query = ? WHERE id = ?", arguments: [query, id]) }
    }

    /// Removes a playlist (its episodes stay in the library).
    public func removePlaylist(_ id: Int64) throws(StoreError) {
        try write { db in try db.execute(sql: "DELETE FROM playlist WHERE id = ?", arguments: [id]) }
    }

    /// Adds episodes to a named playlist, in the order given, at its head or its tail; one already in it stays where
    /// it is. Returns how many were added.
    @discardableResult
    public func addToPlaylist(_ id: Int64, episodeIDs: [Int64], atHead: Bool = false) throws(StoreError) -> Int {
        try write { db in
            let bounds = try Row.fetchOne(
                db, sql: "SELECT MIN(position) AS first, MAX(position) AS last FROM playlist_item WHERE playlistID = ?", arguments: [id])
            let first: Int = bounds?["first"] ?? 0
            let last: Int = bounds?["last"] ?? -1
            var added = 0
            let fresh = try episodeIDs.filter { episodeID in
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM playlist_item WHERE playlistID = ? AND episodeID = ?", arguments: [id, episodeID]) == 0
            }
            var seen = Set<Int64>()
            let unique = fresh.filter { seen.insert($0).inserted }
            for (index, episodeID) in unique.enumerated() {
                let position = atHead ? first - unique.count + index : last + 1 + index
                try db.execute(
                    sql: "INSERT INTO playlist_item (playlistID, episodeID, position) VALUES (?, ?, ?)",
                    arguments: [id, episodeID, position])
                added += 1
            }
            return added
        }
    }

    /// Takes episodes out of a named playlist; returns how many were in it.
    @discardableResult
    public func removeFromPlaylist(_ id: Int64, episodeIDs: [Int64]) throws(StoreError) -> Int {
        try write { db in
            var removed = 0
            for episodeID in episodeIDs {
                try db.execute(sql: "DELETE FROM playlist_item WHERE playlistID = ? AND episodeID = ?", arguments: [id, episodeID])
                removed += db.changesCount
            }
            return removed
        }
    }

    /// The episodes of the queue, in its order (those of removed shows left out).
    public func queueEpisodeIDs() throws(StoreError) -> [Int64] {
        try read { db in
            try Int64.fetchAll(
                db,
                sql: "SELECT playlist_item.episodeID FROM playlist_item JOIN playlist ON playlist.id = playlist_item.playlistID"
                    + " JOIN episode ON episode.id = playlist_item.episodeID JOIN live_show ON live_show.id = episode.showID"
                    + " WHERE playlist.name = ? ORDER BY playlist_item.position",
                arguments: [PlaylistRecord.queueName])
        }
    }

    /// Makes the queue hold `episodeIDs`, in this order (an episode named twice is kept at its first place).
    func setQueue(_ episodeIDs: [Int64]) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO playlist (name, query, createdAt) VALUES (?, NULL, ?)",
                arguments: [PlaylistRecord.queueName, Date().timeIntervalSince1970])
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM playlist WHERE name = ?", arguments: [PlaylistRecord.queueName])
            else { return }
            try db.execute(sql: "DELETE FROM playlist_item WHERE playlistID = ?", arguments: [id])
            var seen = Set<Int64>()
            for (position, episodeID) in episodeIDs.enumerated() where seen.insert(episodeID).inserted {
                try db.execute(
                    sql: "INSERT INTO playlist_item (playlistID, episodeID, position) SELECT ?, id, ? FROM episode WHERE id = ?",
                    arguments: [id, position, episodeID])
            }
        }
    }

    /// What names a named playlist's episodes in any library, in its order: for `export`.
    public func playlistEpisodeKeys(_ id: Int64) throws(StoreError) -> [OPMLDocument.EpisodeKey] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT show.feedURL, episode.guid, episode.enclosureURL, episode.title FROM playlist_item"
                    + " JOIN episode ON episode.id = playlist_item.episodeID JOIN live_show AS show ON show.id = episode.showID"
                    + " WHERE playlist_item.playlistID = ? ORDER BY playlist_item.position",
                arguments: [id]
            ).map { row in
                OPMLDocument.EpisodeKey(feedURL: row["feedURL"], guid: row["guid"], enclosureURL: row["enclosureURL"], title: row["title"])
            }
        }
    }

    /// A named playlist's episodes, in its order (those of removed shows left out).
    public func playlistEpisodes(_ id: Int64) throws(StoreError) -> [EpisodeListing] {
        try read { db in
            try EpisodeListing.fetchAll(
                db,
                sql: Self.listingColumns + " FROM playlist_item JOIN episode ON episode.id = playlist_item.episodeID"
                    + " JOIN live_show AS show ON show.id = episode.showID WHERE playlist_item.playlistID = ?"
                    + " ORDER BY playlist_item.position",
                arguments: [id])
        }
    }
}
