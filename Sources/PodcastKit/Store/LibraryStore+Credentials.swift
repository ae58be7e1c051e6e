import GRDB

extension LibraryStore {
    /// Keeps `credential` for `origin` (nil: forgets it), and has this process send it from now on.
    public func setCredential(_ credential: FeedCredential?, for origin: String) throws(StoreError) {
        try write { db in
            if let credential {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO feed_credential (origin, username, password) VALUES (?, ?, ?)",
                    arguments: [origin, credential.username, credential.password])
            } else {
                try db.execute(sql: "DELETE FROM feed_credential WHERE origin = ?", arguments: [origin])
            }
        }
        FeedCredentials.shared.set(credential, for: origin)
    }

    /// The credentials kept for `origin`.
    public func credential(for origin: String) throws(StoreError) -> FeedCredential? {
        try read { db in try Self.credentials(db).first { $0.origin == origin }?.credential }
    }

    /// Every credential kept, by origin.
    static func credentials(_ db: Database) throws -> [(origin: String, credential: FeedCredential)] {
        try Row.fetchAll(db, sql: "SELECT origin, username, password FROM feed_credential").map {
            ($0["origin"], FeedCredential(username: $0["username"], password: $0["password"]))
        }
    }
}
