import Foundation
import GRDB

/// One stretch of an episode heard in one go: from where to where in it, when, at what speed, and what skipping
/// silence left out of it.
public struct ListeningStretch: Sendable, Equatable {
    public var episodeID: Int64
    /// Where it began and ended in the episode, in seconds.
    public var from: Double
    public var to: Double
    /// When it began and ended on the wall clock.
    public var startedAt: Date
    public var endedAt: Date
    public var speed: Double
    /// Seconds of the episode that skipping silence left out of it.
    public var silenceSkipped: Double
    /// The output it was heard through (its driver).
    public var output: String?

    public init(
        episodeID: Int64, from: Double, to: Double, startedAt: Date, endedAt: Date, speed: Double, silenceSkipped: Double = 0,
        output: String? = nil
    ) {
        (self.episodeID, self.from, self.to, self.startedAt, self.endedAt) = (episodeID, from, to, startedAt, endedAt)
        (self.speed, self.silenceSkipped, self.output) = (speed, silenceSkipped, output)
    }

    /// How long it took to hear, by the player's clock: the episode's seconds heard, less those skipping silence left
    /// out, at its speed.
    public var heardFor: Double { max(0, to - from - silenceSkipped) / max(speed, 0.01) }

    /// The same sum in SQL, over the columns of `listening` (or of a table aliased `alias`).
    public static func heardForSQL(_ alias: String = "listening") -> String {
        "MAX(0, \(alias).toPosition - \(alias).fromPosition - \(alias).silenceSkipped) / MAX(\(alias).speed, 0.01)"
    }
}

extension LibraryStore {
    /// Keeps `stretch` in the listening log: a new row, or (with `id`) the row it grows from. Returns its row's id.
    @discardableResult
    public func logListening(_ stretch: ListeningStretch, id: Int64? = nil) throws(StoreError) -> Int64 {
        try write { db in
            let arguments: StatementArguments = [
                stretch.episodeID, stretch.from, stretch.to, stretch.startedAt.timeIntervalSince1970,
                stretch.endedAt.timeIntervalSince1970, stretch.speed, stretch.silenceSkipped, stretch.output,
            ]
            if let id {
                try db.execute(
                    sql: "UPDATE listening SET episodeID = ?, fromPosition = ?, toPosition = ?, startedAt = ?, endedAt = ?, speed = ?,"
                        + " silenceSkipped = ?, output = ? WHERE id = ?",
                    arguments: arguments + [id])
                if db.changesCount > 0 { return id }
            }
            try db.execute(
                sql: "INSERT INTO listening (episodeID, fromPosition, toPosition, startedAt, endedAt, speed, silenceSkipped, output)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: arguments)
            return db.lastInsertedRowID
        }
    }

    /// The stretches heard since `date` (every one without), of the show `showID` when given, oldest first, each with
    /// its episode's reference and title.
    public func listening(since date: Date? = nil, showID: Int64? = nil) throws(StoreError) -> [(
        stretch: ListeningStretch, ref: String, title: String
    )] {
        try read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let date {
                conditions.append("listening.startedAt >= ?")
                arguments += [date.timeIntervalSince1970]
            }
            if let showID {
                conditions.append("episode.showID = ?")
                arguments += [showID]
            }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            return try Row.fetchAll(
                db,
                sql: "SELECT listening.*, show.slug, episode.number, episode.title FROM listening"
                    + " JOIN episode ON episode.id = listening.episodeID JOIN show ON show.id = episode.showID"
                    + filter + " ORDER BY listening.startedAt, listening.id",
                arguments: arguments
            ).map { row in
                let stretch = ListeningStretch(
                    episodeID: row["episodeID"], from: row["fromPosition"], to: row["toPosition"],
                    startedAt: Date(timeIntervalSince1970: row["startedAt"]), endedAt: Date(timeIntervalSince1970: row["endedAt"]),
                    speed: row["speed"], silenceSkipped: row["silenceSkipped"], output: row["output"])
                let slug: String = row["slug"]
                let number: Int = row["number"]
                return (stretch, "\(slug)/\(number)", row["title"] ?? "")
            }
        }
    }

    /// Seconds spent hearing each of these episodes since `date`, by the player's clock (the log's sums).
    public func heardFor(episodeIDs ids: [Int64], since date: Date) throws(StoreError) -> [Int64: Double] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT episodeID, SUM(\(ListeningStretch.heardForSQL())) AS heard FROM listening"
                    + " WHERE episodeID IN (\(marks)) AND startedAt >= ? GROUP BY episodeID",
                arguments: StatementArguments(ids) + [date.timeIntervalSince1970])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["episodeID"] as Int64, $0["heard"] as Double) })
        }
    }
}
