import Foundation
import GRDB

/// What comparing two fetches of a downloaded episode showed (`skip_inserted`): the stretches of the downloaded file
/// the other fetch lacked, which a server inserted (ads placed per download).
public struct InsertedComparison: Sendable, Equatable {
    /// The stretches of the downloaded file, in seconds, in order.
    public var stretches: [ClosedRange<Double>]
    /// How long the downloaded file runs, in seconds.
    public var keptSeconds: Double
    /// False when the two fetches shared too little audio to be one episode: then nothing is said to be inserted.
    public var related: Bool
    public var comparedAt: Date

    /// The most of an episode ever left out as inserted: with more, the comparison is not trusted.
    public static let mostShare = 0.25

    public init(stretches: [ClosedRange<Double>], keptSeconds: Double, related: Bool, comparedAt: Date = Date()) {
        (self.stretches, self.keptSeconds, self.related, self.comparedAt) = (stretches, keptSeconds, related, comparedAt)
    }

    /// The share of the downloaded file the stretches take.
    public var share: Double {
        keptSeconds > 0 ? stretches.reduce(0) { $0 + $1.upperBound - $1.lowerBound } / keptSeconds : 0
    }

    /// The stretches playback leaves out: all of them when the fetches are related and they take at most
    /// `mostShare` of the episode, else none.
    public var skipped: [ClosedRange<Double>] { related && share <= Self.mostShare ? stretches : [] }
}

extension LibraryStore {
    /// Keeps `comparison` for `episodeID`'s download, in place of an earlier one.
    public func keepInsertedComparison(_ comparison: InsertedComparison, episodeID: Int64) throws(StoreError) {
        let stretches = comparison.stretches.map { [$0.lowerBound, $0.upperBound] }
        let text = String(decoding: (try? JSONSerialization.data(withJSONObject: stretches)) ?? Data("[]".utf8), as: UTF8.self)
        try write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO inserted_comparison (episodeID, comparedAt, keptSeconds, related, stretches)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [episodeID, comparison.comparedAt.timeIntervalSince1970, comparison.keptSeconds, comparison.related, text])
        }
    }

    /// What comparing two fetches of `episodeID`'s download showed; nil when they were not compared (or the download
    /// has been deleted or replaced since).
    public func insertedComparison(episodeID: Int64) throws(StoreError) -> InsertedComparison? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM inserted_comparison WHERE episodeID = ?", arguments: [episodeID]).map { row in
                let text: String = row["stretches"]
                let pairs = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[Double]] ?? []
                return InsertedComparison(
                    stretches: pairs.compactMap { $0.count == 2 && $0[0] <= $0[1] ? $0[0]...$0[1] : nil },
                    keptSeconds: row["keptSeconds"], related: row["related"], comparedAt: Date(timeIntervalSince1970: row["comparedAt"]))
            }
        }
    }
}
