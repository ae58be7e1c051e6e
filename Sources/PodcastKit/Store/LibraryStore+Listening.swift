import GRDB

/// The names of the library's lifetime listening totals.
public enum ListeningTotal {
    /// Seconds left out by skipping silence, in all episodes.
    public static let timeSaved = "time_saved"
    /// Seconds of episodes heard (the position moving on while playing; seeks and episodes marked played add nothing).
    public static let heard = "heard"

    /// The seconds skipping silence left out of the show with slug `slug`'s episodes.
    public static func timeSaved(show slug: String) -> String { timeSaved + ":" + slug }

    /// The seconds of the show with slug `slug`'s episodes heard.
    public static func heard(show slug: String) -> String { heard + ":" + slug }
}

extension LibraryStore {
    /// The episode's integrated loudness in LUFS, as measured once and kept; nil when never measured.
    public func loudness(episodeID: Int64) throws(StoreError) -> Double? {
        try read { db in try Double.fetchOne(db, sql: "SELECT loudness FROM episode WHERE id = ?", arguments: [episodeID]) }
    }

    /// Keeps the episode's measured integrated loudness, in LUFS.
    public func setLoudness(episodeID: Int64, _ lufs: Double) throws(StoreError) {
        try write { db in try db.execute(sql: "UPDATE episode SET loudness = ? WHERE id = ?", arguments: [lufs, episodeID]) }
    }

    /// Keeps `seconds` as the episode's length when its feed gave none (the length playback found); a feed's own length
    /// is left alone, and a later feed that gives one replaces this. True when it was kept.
    @discardableResult
    public func learnDuration(episodeID: Int64, _ seconds: Double) throws(StoreError) -> Bool {
        guard seconds.isFinite, seconds > 0 else { return false }
        return try write { db in
            try db.execute(
                sql: "UPDATE episode SET duration = ? WHERE id = ? AND (duration IS NULL OR duration <= 0)",
                arguments: [seconds, episodeID])
            return db.changesCount > 0
        }
    }

    /// The lifetime total named `name` (0 when nothing was added to it).
    public func listeningTotal(_ name: String) throws(StoreError) -> Double {
        try read { db in try Double.fetchOne(db, sql: "SELECT value FROM listening_total WHERE name = ?", arguments: [name]) ?? 0 }
    }

    /// Adds `amount` to the lifetime total named `name`.
    public func addToListeningTotal(_ name: String, _ amount: Double) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO listening_total (name, value) VALUES (?, ?)
                    ON CONFLICT (name) DO UPDATE SET value = value + excluded.value
                    """, arguments: [name, amount])
        }
    }
}

/// What the library holds and what listening came to, for `podline stats`.
public struct LibraryStats: Sendable, Equatable {
    public var shows: Int
    public var episodes: Int
    public var played: Int
    public var inProgress: Int
    public var downloaded: Int
    /// Seconds of episodes heard, in all.
    public var listenedSeconds: Double
    /// Seconds left out by skipping silence, in all.
    public var timeSaved: Double
}

extension LibraryStore {
    /// The library's counts and lifetime totals.
    public func stats() throws(StoreError) -> LibraryStats {
        try read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT COUNT(*) FROM live_show) AS shows, COUNT(*) AS episodes, COALESCE(SUM(isPlayed), 0) AS played,
                        COALESCE(SUM(NOT isPlayed AND position > 0), 0) AS inProgress,
                        COALESCE(SUM(downloadPath IS NOT NULL), 0) AS downloaded
                    FROM live_episode
                    """)!
            let total = { (name: String) throws -> Double in
                try Double.fetchOne(db, sql: "SELECT value FROM listening_total WHERE name = ?", arguments: [name]) ?? 0
            }
            return LibraryStats(
                shows: row["shows"], episodes: row["episodes"], played: row["played"], inProgress: row["inProgress"],
                downloaded: row["downloaded"], listenedSeconds: try total(ListeningTotal.heard),
                timeSaved: try total(ListeningTotal.timeSaved))
        }
    }
}
