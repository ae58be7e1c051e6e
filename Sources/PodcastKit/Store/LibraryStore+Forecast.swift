import Foundation
import GRDB

/// What `plan` forecast for a playlist it filled: when, for what time, and each episode's predicted listening time.
public struct PlanForecast: Sendable, Equatable {
    /// One episode of the plan.
    public struct Item: Sendable, Equatable {
        public var episodeID: Int64
        /// The seconds it was predicted to take to hear.
        public var predicted: Double
        /// When it was marked played, if it is.
        public var playedAt: Date?

        public init(episodeID: Int64, predicted: Double, playedAt: Date? = nil) {
            (self.episodeID, self.predicted, self.playedAt) = (episodeID, predicted, playedAt)
        }
    }

    public var madeAt: Date
    public var budget: Double
    /// The episodes in the playlist's order.
    public var items: [Item]
}

extension LibraryStore {
    /// Keeps the forecast of the plan just made into the playlist `playlistID`, in place of the one before.
    public func keepForecast(playlistID: Int64, budget: Double, items: [PlanForecast.Item], now: Date = Date()) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM plan_forecast WHERE playlistID = ?", arguments: [playlistID])
            try db.execute(
                sql: "INSERT INTO plan_forecast (playlistID, madeAt, budget) VALUES (?, ?, ?)",
                arguments: [playlistID, now.timeIntervalSince1970, budget])
            for (position, item) in items.enumerated() {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO plan_forecast_item (playlistID, episodeID, position, predicted) VALUES (?, ?, ?, ?)",
                    arguments: [playlistID, item.episodeID, position, item.predicted])
            }
        }
    }

    /// The forecast of the last plan into the playlist `playlistID`, if one was made.
    public func forecast(playlistID: Int64) throws(StoreError) -> PlanForecast? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT madeAt, budget FROM plan_forecast WHERE playlistID = ?", arguments: [playlistID])
            else { return nil }
            let items = try Row.fetchAll(
                db,
                sql: "SELECT item.episodeID, item.predicted, CASE WHEN episode.isPlayed = 1 THEN episode.playedAt END AS playedAt"
                    + " FROM plan_forecast_item AS item JOIN episode ON episode.id = item.episodeID"
                    + " WHERE item.playlistID = ? ORDER BY item.position",
                arguments: [playlistID]
            ).map { row in
                let playedAt: Double? = row["playedAt"]
                return PlanForecast.Item(
                    episodeID: row["episodeID"], predicted: row["predicted"], playedAt: playedAt.map(Date.init(timeIntervalSince1970:)))
            }
            return PlanForecast(madeAt: Date(timeIntervalSince1970: row["madeAt"]), budget: row["budget"], items: items)
        }
    }
}
