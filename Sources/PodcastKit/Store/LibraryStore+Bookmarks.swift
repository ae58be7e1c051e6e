import Foundation
import GRDB

/// A moment of an episode the listener marked, with a note: `bookmark/ID` plays from it.
public struct Bookmark: Sendable, Equatable {
    public var id: Int64
    public var episodeID: Int64
    /// Where in the episode, in seconds.
    public var position: Double
    public var note: String?
    public var createdAt: Date

    /// How a bookmark is named where an episode can be: `bookmark/ID`.
    public static let prefix = "bookmark/"

    /// The id `text` names as `bookmark/ID`; nil for anything else.
    public static func id(in text: String) -> Int64? {
        guard text.hasPrefix(prefix), let id = Int64(text.dropFirst(prefix.count)), id > 0 else { return nil }
        return id
    }

    /// This bookmark's name: `bookmark/ID`.
    public var ref: String { Self.prefix + String(id) }

    init(row: Row) {
        (id, episodeID, position, note) = (row["id"], row["episodeID"], row["position"], row["note"])
        createdAt = Date(timeIntervalSince1970: row["createdAt"])
    }
}

extension LibraryStore {
    /// Keeps a bookmark of `episodeID` at `position` with `note`; returns it.
    @discardableResult
    public func addBookmark(episodeID: Int64, position: Double, note: String?, now: Date = Date()) throws(StoreError) -> Bookmark {
        try write { db in
            try db.execute(
                sql: "INSERT INTO bookmark (episodeID, position, note, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [episodeID, position, note, now.timeIntervalSince1970])
            return Bookmark(
                row: try Row.fetchOne(db, sql: "SELECT * FROM bookmark WHERE id = ?", arguments: [db.lastInsertedRowID])!)
        }
    }

    /// The bookmarks (of `episodeID` when given), by episode and time, each with its episode.
    public func bookmarks(episodeID: Int64? = nil) throws(StoreError) -> [(bookmark: Bookmark, listing: EpisodeListing)] {
        let found = try read { db in try Self.bookmarks(episodeID: episodeID, in: db) }
        var listings: [Int64: EpisodeListing] = [:]
        var entries: [(bookmark: Bookmark, listing: EpisodeListing)] = []
        for bookmark in found {
            if listings[bookmark.episodeID] == nil { listings[bookmark.episodeID] = try? episode(.id(bookmark.episodeID)) }
            if let listing = listings[bookmark.episodeID] { entries.append((bookmark, listing)) }
        }
        return entries
    }

    /// The episode `reference` names and its bookmarks (by time), read together: what the full-screen view's details
    /// pane shows of the episode moved to. Nil when there is no such episode.
    public func episodeWithBookmarks(_ reference: EpisodeReference) throws(StoreError) -> (listing: EpisodeListing, bookmarks: [Bookmark])?
    {
        try read { db in
            guard let listing = try Self.listing(reference, in: db) else { return nil }
            return (listing, try listing.episode.id.map { try Self.bookmarks(episodeID: $0, in: db) } ?? [])
        }
    }

    /// The bookmarks (of `episodeID` when given), by episode and time; the statement kept prepared, as the full-screen
    /// view reads an episode's bookmarks at each move to it.
    static func bookmarks(episodeID: Int64?, in db: Database) throws -> [Bookmark] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT * FROM bookmark" + (episodeID == nil ? "" : " WHERE episodeID = ?") + " ORDER BY episodeID, position, id"),
            arguments: episodeID.map { [$0] } ?? []
        ).map(Bookmark.init(row:))
    }

    /// The bookmark `id` with its episode, or a `notFound` error.
    public func bookmark(_ id: Int64) throws(StoreError) -> (bookmark: Bookmark, listing: EpisodeListing) {
        let found = try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM bookmark WHERE id = ?", arguments: [id]).map(Bookmark.init(row:))
        }
        guard let found, let listing = try? episode(.id(found.episodeID)) else {
            throw .notFound("\(Bookmark.prefix)\(id): no such bookmark (see podline bookmarks)")
        }
        return (found, listing)
    }

    /// Removes the bookmark `id`; false when there was none.
    @discardableResult
    public func removeBookmark(_ id: Int64) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM bookmark WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }
}
