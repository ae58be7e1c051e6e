import GRDB

/// One result of the last `find`, as `add find/N` reads it.
public struct KeptFindResult: Sendable, Equatable {
    public var number: Int
    public var title: String
    public var feedURL: String?
    /// Why it cannot be subscribed to, when it cannot.
    public var reason: String?
}

extension LibraryStore {
    /// Keeps `results` as the last find's, numbered from 1, in place of the ones before.
    public func keepFindResults(_ results: [DirectoryResult]) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM find_result")
            for (index, result) in results.enumerated() {
                try db.execute(
                    sql: "INSERT INTO find_result (number, title, feedURL, reason) VALUES (?, ?, ?, ?)",
                    arguments: [index + 1, result.title, result.feedURL, result.reason])
            }
        }
    }

    /// Result `number` of the last find; nil when it had fewer.
    public func findResult(_ number: Int) throws(StoreError) -> KeptFindResult? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM find_result WHERE number = ?", arguments: [number]).map {
                KeptFindResult(number: $0["number"], title: $0["title"], feedURL: $0["feedURL"], reason: $0["reason"])
            }
        }
    }

    /// How many results the last find kept.
    public func findResultCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM find_result") ?? 0 }
    }
}
