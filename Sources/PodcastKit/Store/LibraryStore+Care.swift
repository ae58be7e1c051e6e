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
    /// changed. A mark is a change of listening made now (`heardAt`): what another device did before it is older.
    public func setPlayed(episodeIDs ids: [Int64], _ played: Bool, now: Date = Date()) throws(StoreError) -> Int {
        try write { db in
            var changed = 0
            for id in ids {
                try db.execute(
                    sql: """
                        UPDATE episode SET isPlayed = ?, position = 0, heardAt = ? WHERE id = ? AND (isPlayed != ? OR position != 0)
                        """,
                    arguments: [played, now.timeIntervalSince1970, id, played])
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
    /// empty) whose title and length pass `matching`, newest first, at most `limit` a show.
    ///
    /// The candidates are read as their id, show, title and length only; whole episodes are read for those taken (an
    /// update with rules for 200 shows of 100 new episodes each spent most of its time decoding whole episodes).
    public func newEpisodes(
        showIDs: [Int64], limitPerShow limit: Int?, matching: @Sendable (String?, Double?) -> Bool = { _, _ in true }
    ) throws(StoreError) -> [EpisodeListing] {
        var query = EpisodeQuery(states: [.new])
        query.showIDs = showIDs
        let (light, arguments) = Self.listingStatement(
            query, columns: "SELECT episode.id, episode.showID, episode.title, episode.duration, episode.downloadPath, episode.enclosureURL"
        )
        let ids: [Int64] = try read { db in
            var taken: [Int64: Int] = [:]
            var ids: [Int64] = []
            let rows = try Row.fetchCursor(db, sql: light, arguments: arguments)
            while let row = try rows.next() {
                let show: Int64 = row[1]
                let downloaded: String? = row[4]
                let enclosure: String? = row[5]
                guard downloaded == nil, enclosure != nil, limit.map({ taken[show, default: 0] < $0 }) ?? true else { continue }
                guard matching(row[2], row[3]) else { continue }
                taken[show, default: 0] += 1
                ids.append(row[0])
            }
            return ids
        }
        guard !ids.isEmpty else { return [] }
        let order = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        let listings = try read { db in
            try EpisodeListing.fetchAll(
                db, sql: Self.listingFrom + " WHERE episode.id IN (\(ids.map(String.init).joined(separator: ",")))")
        }
        return listings.sorted { (order[$0.episode.id ?? 0] ?? 0) < (order[$1.episode.id ?? 0] ?? 0) }
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
