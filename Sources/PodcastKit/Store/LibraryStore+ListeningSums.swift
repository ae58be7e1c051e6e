import Foundation
import GRDB

/// How `stats --by` groups the listening log.
public enum ListeningGrouping: String, Sendable, CaseIterable {
    case show, day, week, month

    /// The group of what was heard on `day` (days since 1970, UTC) of the show with slug `slug`: the slug, the day
    /// (`2026-11-28`), the Monday of its week, or the month (`2026-11`).
    func key(day: Int, slug: String) -> String {
        switch self {
        case .show: return slug
        case .day: return Self.date(day)
        case .week: return Self.date(day - (day + 3) % 7)  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays
        case .month: return String(Self.date(day).prefix(7))
        }
    }

    /// `YYYY-MM-DD` of a day counted from 1970-01-01 (UTC), by the civil calendar.
    static func date(_ day: Int) -> String {
        let (year, month, dayOfMonth) = FeedDate.civil(fromDays: Int64(day))
        return String(format: "%04d-%02d-%02d", year, month, dayOfMonth)
    }
}

/// What listening came to in one group of the listening log.
public struct ListeningSums: Sendable, Equatable {
    /// The group: a show's slug, a day, the Monday of a week, or a month; nil for everything at once.
    public var key: String?
    /// Seconds spent hearing, by the player's clock.
    public var heard: Double = 0
    /// Seconds the speed saved: the episodes' seconds heard (less silence left out) less the time they took.
    public var savedBySpeed: Double = 0
    /// Seconds of the episodes that skipping silence left out.
    public var savedBySilence: Double = 0
    /// Episodes marked played in the group (or of its show).
    public var finished = 0
    /// Episodes begun, not finished, and not heard for `ListeningSums.abandonedAfter`, by when they were last heard.
    public var abandoned = 0

    public init(key: String?) { self.key = key }

    /// How long an episode begun and not finished goes unheard before it counts as abandoned.
    public static let abandonedAfter: TimeInterval = 30 * 86_400
}

extension LibraryStore {
    /// The listening log's sums since `date` (all of it without), by `grouping` (one sum of everything without), with
    /// the episodes finished and abandoned. Groups in order: days, weeks and months oldest first, shows by slug. Read
    /// from the sums the library keeps by day and show (`listening_day`), and for the day `date` falls in, from its
    /// stretches.
    public func listeningSums(by grouping: ListeningGrouping?, since date: Date? = nil, now: Date = Date()) throws(StoreError)
        -> [ListeningSums]
    {
        try read { db in
            let since = date?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude
            let firstDay = date.map { Int(($0.timeIntervalSince1970 / 86_400).rounded(.down)) } ?? Int.min
            // A show removed is not counted, though its rows stay until they are purged.
            let slugs = Dictionary(
                try Row.fetchAll(db, sql: "SELECT id, slug FROM live_show").map { ($0["id"] as Int64, $0["slug"] as String) },
                uniquingKeysWith: { first, _ in first })
            var sums: [String?: ListeningSums] = [:]
            func add(day: Int, showID: Int64, _ change: (inout ListeningSums) -> Void) {
                guard let slug = slugs[showID] else { return }
                let key = grouping?.key(day: day, slug: slug)
                change(&sums[key, default: ListeningSums(key: key)])
            }
            var heardRows = try Row.fetchAll(
                db, sql: "SELECT day, showID, heard, content, silence FROM listening_day WHERE day > ?",
                arguments: [date == nil ? Int64.min : Int64(firstDay)])
            if date != nil {
                // The first day's stretches from `date` on, from the log itself.
                heardRows += try Row.fetchAll(
                    db,
                    sql: "SELECT ? AS day, episode.showID AS showID, SUM(\(ListeningStretch.heardForSQL())) AS heard,"
                        + " SUM(MAX(0, toPosition - fromPosition - silenceSkipped)) AS content, SUM(silenceSkipped) AS silence"
                        + " FROM listening JOIN episode ON episode.id = listening.episodeID"
                        + " WHERE listening.startedAt >= ? AND listening.startedAt < ? GROUP BY 2",
                    arguments: [firstDay, since, Double(firstDay + 1) * 86_400])
            }
            for row in heardRows {
                let heard: Double = row["heard"]
                let content: Double = row["content"]
                let silence: Double = row["silence"]
                add(day: row["day"], showID: row["showID"]) {
                    $0.heard += heard
                    $0.savedBySpeed += content - heard
                    $0.savedBySilence += silence
                }
            }
            let finished = try Row.fetchAll(
                db,
                sql: "SELECT CAST(playedAt / 86400 AS INTEGER) AS day, showID, COUNT(*) AS count FROM episode"
                    + " WHERE playedAt IS NOT NULL AND playedAt >= ? AND isPlayed = 1 GROUP BY 1, 2",
                arguments: [since])
            for row in finished {
                let count: Int = row["count"]
                add(day: row["day"], showID: row["showID"]) { $0.finished += count }
            }
            let abandoned = try Row.fetchAll(
                db,
                sql: "SELECT CAST(last.lastHeard / 86400 AS INTEGER) AS day, episode.showID AS showID, COUNT(*) AS count"
                    // From the episodes heard to theirs (CROSS JOIN keeps that order): not all episodes to those heard.
                    + " FROM listening_last AS last CROSS JOIN episode ON episode.id = last.episodeID"
                    + " WHERE episode.isPlayed = 0 AND last.lastHeard < ? AND last.lastHeard >= ? GROUP BY 1, 2",
                arguments: [now.timeIntervalSince1970 - ListeningSums.abandonedAfter, since])
            for row in abandoned {
                let count: Int = row["count"]
                add(day: row["day"], showID: row["showID"]) { $0.abandoned += count }
            }
            if grouping == nil, sums.isEmpty { return [ListeningSums(key: nil)] }
            return sums.values.sorted { ($0.key ?? "") < ($1.key ?? "") }
        }
    }
}
