import Foundation
import GRDB

/// Subscription changes waiting to be sent by sync.
public struct SyncSubscriptionChanges: Sendable, Equatable {
    public var add: [String] = []
    public var remove: [String] = []
    public var isEmpty: Bool { add.isEmpty && remove.isEmpty }
}

/// What sync keeps in the library: the queue of what to send and the state of the last sync.
extension LibraryStore {
    /// Records that the feed at `url` was subscribed to (or unsubscribed), to be sent; a later change of the same feed
    /// replaces it.
    public func queueSubscription(_ url: String, subscribed: Bool, at date: Date = Date()) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO sync_subscription (url, subscribed, at) VALUES (?, ?, ?)",
                arguments: [url, subscribed, date.timeIntervalSince1970])
        }
    }

    /// Records episode actions to be sent, in order, and sets the sync state `state` in the same transaction.
    public func queueActions(_ actions: [SyncAction], state: [String: String] = [:]) throws(StoreError) {
        guard !actions.isEmpty || !state.isEmpty else { return }
        try write { db in
            try Self.setSyncState(state, in: db)
            for action in actions {
                try db.execute(
                    sql: """
                        INSERT INTO sync_action (podcast, episode, guid, action, timestamp, started, position, total)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        action.podcast, action.episode, action.guid, action.kind.rawValue, action.timestamp.timeIntervalSince1970,
                        action.started, action.position, action.total,
                    ])
            }
        }
    }

    /// The subscription changes waiting.
    public func queuedSubscriptions() throws(StoreError) -> SyncSubscriptionChanges {
        try read { db in
            var changes = SyncSubscriptionChanges()
            for row in try Row.fetchAll(db, sql: "SELECT url, subscribed FROM sync_subscription ORDER BY at") {
                if row["subscribed"] as Bool { changes.add.append(row["url"]) } else { changes.remove.append(row["url"]) }
            }
            return changes
        }
    }

    /// Forgets the subscription changes that were sent (`changes`), keeping any made since.
    public func sentSubscriptions(_ changes: SyncSubscriptionChanges) throws(StoreError) {
        try write { db in
            for (urls, subscribed) in [(changes.add, true), (changes.remove, false)] {
                for url in urls {
                    try db.execute(sql: "DELETE FROM sync_subscription WHERE url = ? AND subscribed = ?", arguments: [url, subscribed])
                }
            }
        }
    }

    /// The episode actions waiting, oldest first, at most `limit`, each with its queue id.
    public func queuedActions(limit: Int = .max) throws(StoreError) -> [(id: Int64, action: SyncAction)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM sync_action ORDER BY id LIMIT ?", arguments: [min(limit, Int(Int32.max))]).compactMap {
                row -> (id: Int64, action: SyncAction)? in
                guard let kind = SyncAction.Kind(rawValue: row["action"]) else { return nil }
                let action = SyncAction(
                    podcast: row["podcast"], episode: row["episode"], guid: row["guid"], kind: kind,
                    timestamp: Date(timeIntervalSince1970: row["timestamp"]), started: row["started"], position: row["position"],
                    total: row["total"])
                return (row["id"], action)
            }
        }
    }

    /// Forgets the episode actions sent, those queued up to `id`, and the mark of the batch on its way.
    public func sentActions(through id: Int64) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM sync_action WHERE id <= ?", arguments: [id])
            // The batch on its way, if it was this one, has arrived.
            try db.execute(sql: "DELETE FROM sync_state WHERE key = ?", arguments: [SyncState.sending])
        }
    }

    /// How many subscription changes and episode actions wait to be sent.
    public func syncWaiting() throws(StoreError) -> (subscriptions: Int, actions: Int) {
        try read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_subscription") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_action") ?? 0
            )
        }
    }

    /// A value of the last sync's state (`SyncState`), nil when never set.
    public func syncState(_ key: String) throws(StoreError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = ?", arguments: [key]) }
    }

    /// The feed URLs the server rewrote (`update_urls`), its form → this library's.
    public func syncRewrittenURLs() throws(StoreError) -> [String: String] {
        try read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT key, value FROM sync_state WHERE key LIKE ?", arguments: [SyncState.rewritten + "%"])
            return Dictionary(rows.map { (String(($0["key"] as String).dropFirst(SyncState.rewritten.count)), $0["value"]) }) { first, _ in
                first
            }
        }
    }

    /// Sets values of the sync state together.
    public func setSyncState(_ values: [String: String]) throws(StoreError) {
        try write { db in try Self.setSyncState(values, in: db) }
    }

    /// Sets values of the sync state within the transaction of `db`.
    private static func setSyncState(_ values: [String: String], in db: Database) throws {
        for (key, value) in values {
            try db.execute(sql: "INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    /// The id of the episode a remote action names: by GUID within its show, then by GUID alone, then by enclosure URL.
    /// (A normalised URL is matched by the caller, over `enclosureURLs()`.)
    public func episodeID(matching action: SyncAction) throws(StoreError) -> Int64? {
        try episodeID(feedURL: action.podcast, guid: action.guid, enclosureURL: action.episode)
    }

    /// The id of the episode these name: by GUID within the show of `feedURL`, then by GUID alone, then by enclosure URL.
    public func episodeID(feedURL: String, guid: String?, enclosureURL: String?) throws(StoreError) -> Int64? {
        try read { db in
            if let guid, !guid.isEmpty {
                let inShow = try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT e.id FROM live_episode e JOIN live_show s ON s.id = e.showID WHERE e.guid = ? AND s.feedURL = ? LIMIT 1
                        """, arguments: [guid, feedURL])
                if let inShow { return inShow }
                if let any = try Int64.fetchOne(db, sql: "SELECT id FROM live_episode WHERE guid = ? LIMIT 1", arguments: [guid]) {
                    return any
                }
            }
            guard let enclosureURL else { return nil }
            return try Int64.fetchOne(db, sql: "SELECT id FROM live_episode WHERE enclosureURL = ? LIMIT 1", arguments: [enclosureURL])
        }
    }

    /// Every episode's id and enclosure URL.
    public func enclosureURLs() throws(StoreError) -> [(id: Int64, url: String)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, enclosureURL FROM live_episode WHERE enclosureURL IS NOT NULL").map {
                ($0["id"], $0["enclosureURL"])
            }
        }
    }

    /// The episode's length in seconds as this library knows it (its feed's, or what playback found); nil when unknown.
    public func episodeDuration(_ episodeID: Int64) throws(StoreError) -> Double? {
        try read { db in try Double.fetchOne(db, sql: "SELECT duration FROM episode WHERE id = ?", arguments: [episodeID]) }
    }

    /// Sets an episode's position as another device left it at `date` (its last heard time), when that is later
    /// than this library's own listening of it; true when it changed.
    /// With `reachedEnd`, the episode is marked played instead (back at its start), in the same transaction, so a
    /// position is never kept without the mark that came with it.
    public func takePosition(episodeID: Int64, _ position: Double, heardAt date: Date, reachedEnd: Bool = false) throws(StoreError) -> Bool
    {
        try write { db in
            try db.execute(
                sql: "UPDATE episode SET position = ?, heardAt = ? WHERE id = ? AND (heardAt IS NULL OR heardAt < ?)",
                arguments: [max(0, position), date.timeIntervalSince1970, episodeID, date.timeIntervalSince1970])
            guard db.changesCount > 0 else { return false }
            if reachedEnd { try db.execute(sql: "UPDATE episode SET isPlayed = 1, position = 0 WHERE id = ?", arguments: [episodeID]) }
            return true
        }
    }
}

/// The names of the sync state's values.
public enum SyncState {
    /// The server's `timestamp` after the last subscription pull or push.
    public static let subscriptionsSince = "subscriptions_since"
    /// The episode-action cursor.
    public static let actionsSince = "actions_since"
    /// When the last sync ended (seconds since 1970).
    public static let lastSync = "last_sync"
    /// The server and device the cursors belong to (a change of either starts again from the beginning); written when
    /// a first sync is whole.
    public static let account = "account"
    /// The account whose first sync queued where this library's episodes stand (queued once, however often a first
    /// sync is cut short).
    public static let standingQueued = "standing_queued"
    /// The batch of episode actions on its way to the server: its last queue id and its earliest time, empty when none.
    public static let sending = "actions_sending"
    /// The prefix of a feed URL the server rewrote; the value is this library's URL.
    public static let rewritten = "rewritten "
}

/// How sync compares episode URLs that differ only in ways servers rewrite them.
public enum SyncURL {
    /// The URL with its scheme, a leading `www.`, the host's case and a trailing slash taken away.
    public static func comparable(_ url: String) -> String {
        var text = Substring(url)
        if let scheme = text.range(of: "://") { text = text[scheme.upperBound...] }
        var rest = String(text)
        if let slash = rest.firstIndex(of: "/") {
            rest = rest[..<slash].lowercased() + rest[slash...]
        } else {
            rest = rest.lowercased()
        }
        if rest.hasPrefix("www.") { rest.removeFirst(4) }
        while rest.hasSuffix("/") { rest.removeLast() }
        return rest
    }
}

extension LibraryStore {
    /// What sync calls these episodes by (those without an enclosure, or of a feed read from a file, have nothing to
    /// sync and are left out).
    public func syncIdentities(episodeIDs ids: [Int64]) throws(StoreError) -> [SyncIdentity] {
        guard !ids.isEmpty else { return [] }
        return try read { db in
            var found: [SyncIdentity] = []
            // In slices: SQLite takes at most 32,766 parameters.
            for start in stride(from: 0, to: ids.count, by: 10_000) {
                let slice = Array(ids[start..<min(start + 10_000, ids.count)])
                let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                found += try Row.fetchAll(
                    db,
                    sql: """
                        SELECT e.id, s.feedURL, e.enclosureURL, e.guid, e.duration FROM episode e JOIN show s ON s.id = e.showID
                        WHERE e.id IN (\(marks)) AND e.enclosureURL IS NOT NULL AND s.feedURL LIKE 'http%' ORDER BY e.id
                        """, arguments: StatementArguments(slice)
                ).map(SyncIdentity.init(row:))
            }
            return found
        }
    }

    /// Every played episode and every episode started, with where it stands and when it was last heard: what a
    /// device's first sync tells the others.
    public func listeningState() throws(StoreError) -> [(identity: SyncIdentity, played: Bool, position: Double, heardAt: Date?)] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT e.id, s.feedURL, e.enclosureURL, e.guid, e.duration, e.isPlayed, e.position, e.heardAt
                    FROM live_episode e JOIN live_show s ON s.id = e.showID
                    WHERE e.enclosureURL IS NOT NULL AND s.feedURL LIKE 'http%' AND (e.isPlayed OR e.position > 0) ORDER BY e.id
                    """
            ).map { row in
                (
                    SyncIdentity(row: row), row["isPlayed"], row["position"],
                    (row["heardAt"] as Double?).map(Date.init(timeIntervalSince1970:))
                )
            }
        }
    }
}

extension SyncIdentity {
    /// An episode's identity from a row with its `id`, show's `feedURL`, `enclosureURL`, `guid` and `duration`.
    fileprivate init(row: Row) {
        self.init(id: row["id"], podcast: row["feedURL"], episode: row["enclosureURL"], guid: row["guid"], duration: row["duration"])
    }
}
