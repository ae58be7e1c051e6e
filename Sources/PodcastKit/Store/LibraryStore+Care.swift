import Foundation
import GRDB

/// What looking after a library changes: shows removed, downloads deleted, episodes marked in bulk, new ones found.
extension LibraryStore {
    /// The downloaded files of the show `showID`, as stored.
    public func downloadPaths(showID: Int64) throws(StoreError) -> [String] {
        try read { db in
            try String.fetchAll(
                db, sql: "SELECT downloadPath FROM live_episode WHERE showID = ? AND downloadPath IS NOT NULL", arguments: [showID])
        }
    }

    /// Marks the episodes `ids` played (positions back to the start) or unplayed, in one transaction; returns how many
    /// changed.
    public func setPlayed(episodeIDs ids: [Int64], _ played: Bool) throws(StoreError) -> Int {
        try write { db in
            var changed = 0
            for id in ids {
                try db.execute(
                    sql: "UPDATE episode SET isPlayed = ?, position = 0 WHERE id = ? AND (isPlayed != ? OR position != 0)",
                    arguments: [played, id, played])
                changed += db.changesCount
            }
            return changed
        }
    }

    /// The ids of the episodes of the shows `showIDs` (every show when empty) published before `date` (all when nil).
    public func episodeIDs(showIDs: [Int64], publishedBefore date: Date?) throws(StoreError) -> [Int64] {
        try read { db in
            var conditions: [String] = []
            var arguments: [any DatabaseValueConvertible] = []
            if !showIDs.isEmpty {
                conditions.append("showID IN (\(Array(repeating: "?", count: showIDs.count).joined(separator: ",")))")
                arguments += showIDs
            }
            if let date {
                conditions.append("published IS NOT NULL AND published < ?")
                arguments.append(date)
            }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            return try Int64.fetchAll(
                db, sql: "SELECT id FROM live_episode" + filter, arguments: StatementArguments(arguments.map { $0.databaseValue }))
        }
    }

    /// New episodes (not played, not started, not downloaded, with audio) of the shows `showIDs` (every show when
    /// empty) that pass `matching`, newest first, at most `limit` a show.
    public func newEpisodes(
        showIDs: [Int64], limitPerShow limit: Int?, matching: (EpisodeRecord) -> Bool = { _ in true }
    ) throws(StoreError) -> [EpisodeListing] {
        var query = EpisodeQuery(states: [.new])
        query.showIDs = showIDs  // in the SQL: a show's new episodes are read without reading every show's
        let candidates = try episodes(query).filter {
            $0.episode.downloadPath == nil && $0.episode.enclosureURL != nil && matching($0.episode)
        }
        guard let limit else { return candidates }
        var taken: [Int64: Int] = [:]
        return candidates.filter { listing in
            let count = taken[listing.episode.showID, default: 0]
            guard count < limit else { return false }
            taken[listing.episode.showID] = count + 1
            return true
        }
    }
}

extension LibraryStore {
    /// Every downloaded episode with when it was played (nil: not played, or not known), show by show, newest first
    /// within each: what retention rules look at.
    public func downloadsForRetention() throws(StoreError) -> [(listing: EpisodeListing, playedAt: Date?)] {
        try read { db in
            let sql =
                Self.listingFrom
                + " WHERE episode.downloadPath IS NOT NULL"
                + " ORDER BY episode.showID, episode.published IS NULL, episode.published DESC, episode.number DESC"
            let rows = try Row.fetchCursor(db, sql: sql).map { row in
                let playedAt: Double? = row["playedAt"]
                return (listing: try EpisodeListing(row: row), playedAt: playedAt.map(Date.init(timeIntervalSince1970:)))
            }
            return try Array(rows)
        }
    }
}
