import Foundation
import GRDB

/// How `stats --by` groups the listening log.
public enum ListeningGrouping: String, Sendable, CaseIterable {
    case show, day, week, month

    /// The SQL of a group's key for a time column holding seconds since 1970 (UTC): `2026-11-28`, the Monday of its
    /// week, `2026-11`; a show's slug is joined in instead.
    func key(of column: String) -> String {
        switch self {
        case .show: "show.slug"
        case .day: "date(\(column), 'unixepoch')"
        case .week: "date(\(column), 'unixepoch', 'weekday 0', '-6 days')"
        case .month: "strftime('%Y-%m', \(column), 'unixepoch')"
        }
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
    /// the episodes finished and abandoned. Groups in order: days, weeks and months oldest first, shows by slug.
    public func listeningSums(by grouping: ListeningGrouping?, since date: Date? = nil, now: Date = Date()) throws(StoreError)
        -> [ListeningSums]
    {
        try read { db in
            let since = date?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude
            let key = { (column: String) in grouping?.key(of: column) ?? "NULL" }
            let content = "MAX(0, listening.toPosition - listening.fromPosition - listening.silenceSkipped)"
            var sums: [String?: ListeningSums] = [:]
            let heardRows = try Row.fetchAll(
                db,
                sql: "SELECT \(key("listening.startedAt")) AS key, SUM(\(ListeningStretch.heardForSQL())) AS heard,"
                    + " SUM(\(content)) AS content, SUM(listening.silenceSkipped) AS silence FROM listening"
                    + " JOIN episode ON episode.id = listening.episodeID JOIN show ON show.id = episode.showID"
                    + " WHERE listening.startedAt >= ? GROUP BY 1",
                arguments: [since])
            for row in heardRows {
                let name: String? = row["key"]
                let heard: Double = row["heard"]
                let content: Double = row["content"]
                sums[name, default: ListeningSums(key: name)].heard = heard
                sums[name, default: ListeningSums(key: name)].savedBySpeed = content - heard
                sums[name, default: ListeningSums(key: name)].savedBySilence = row["silence"]
            }
            let finishedRows = try Row.fetchAll(
                db,
                sql: "SELECT \(key("episode.playedAt")) AS key, COUNT(*) AS count FROM episode JOIN show ON show.id = episode.showID"
                    + " WHERE episode.isPlayed = 1 AND episode.playedAt >= ? GROUP BY 1",
                arguments: [since])
            for row in finishedRows {
                let name: String? = row["key"]
                sums[name, default: ListeningSums(key: name)].finished = row["count"]
            }
            let abandonedRows = try Row.fetchAll(
                db,
                sql: "SELECT \(key("last.endedAt")) AS key, COUNT(*) AS count FROM"
                    + " (SELECT episodeID, MAX(endedAt) AS endedAt FROM listening GROUP BY episodeID) AS last"
                    + " JOIN episode ON episode.id = last.episodeID JOIN show ON show.id = episode.showID"
                    + " WHERE episode.isPlayed = 0 AND last.endedAt < ? AND last.endedAt >= ? GROUP BY 1",
                arguments: [now.timeIntervalSince1970 - ListeningSums.abandonedAfter, since])
            for row in abandonedRows {
                let name: String? = row["key"]
                sums[name, default: ListeningSums(key: name)].abandoned = row["count"]
            }
            if grouping == nil, sums.isEmpty { return [ListeningSums(key: nil)] }
            return sums.values.sorted { ($0.key ?? "") < ($1.key ?? "") }
        }
    }
}
