import Foundation
import GRDB

/// One episode as a list shows it: what a row needs and nothing more (no notes, chapters or transcripts), so that a
/// list of half a million episodes reads in a fraction of the time of whole listings.
public struct EpisodeSummary: Sendable, Equatable {
    public var id: Int64
    public var showSlug: String
    public var number: Int
    public var title: String
    public var showTitle: String?
    public var published: Date?
    public var duration: Double?
    public var position: Double
    public var isPlayed: Bool
    public var isFavorite: Bool
    public var isDownloaded: Bool

    /// The stable reference: `<show-slug>/<number>`.
    public var ref: String { "\(showSlug)/\(number)" }
}

extension LibraryStore {
    /// The episodes matching `query`, newest first (as `episodes(_:)` orders them), from the `offset`th on, as lists show
    /// them.
    public func episodeSummaries(_ query: EpisodeQuery, offset: Int = 0) throws(StoreError) -> [EpisodeSummary] {
        let (listing, arguments) = Self.listingStatement(query, columns: Self.summaryColumns)
        let statement = offset > 0 ? listing + (query.limit == nil ? " LIMIT -1" : "") + " OFFSET \(offset)" : listing
        return try read { db in
            var summaries: [EpisodeSummary] = []
            let rows = try Row.fetchCursor(db, sql: statement, arguments: arguments)
            while let row = try rows.next() {
                summaries.append(
                    EpisodeSummary(
                        id: row[11], showSlug: row[0], number: row[1], title: row[2] ?? row[3], showTitle: row[4], published: row[5],
                        duration: row[6], position: row[7], isPlayed: row[8], isFavorite: row[9], isDownloaded: row[10]))
            }
            return summaries
        }
    }

    /// What a summary selects, in the order `episodeSummaries` reads it.
    private static let summaryColumns =
        "SELECT show.slug, episode.number, episode.title, episode.guid, show.title, episode.published, episode.duration, episode.position, episode.isPlayed, episode.isFavorite, episode.downloadPath IS NOT NULL, episode.id"
}
