import Foundation
import Observation

/// A subscribed show and the episodes loaded for it.
@Observable @MainActor
public final class Show: Identifiable {
    public nonisolated let id: Int64
    /// The short name used in episode references.
    public let slug: String
    public var feedURL: String
    public var title: String?
    public var author: String?
    public var image: String?
    public var link: String?
    public var showDescription: String?
    public var language: String?
    public var etag: String?
    public var lastModified: String?
    public var lastUpdate: Date?
    /// Why the last update failed, if it did.
    public var lastError: String?
    /// Episodes, newest first; empty until `Library.loadEpisodes(of:)`.
    public var episodes: [Episode] = []

    init(_ record: ShowRecord) {
        id = record.id ?? 0
        slug = record.slug
        feedURL = record.feedURL
        refresh(from: record)
    }

    /// Copies a newer stored state into the model.
    func refresh(from record: ShowRecord) {
        feedURL = record.feedURL
        title = record.title
        author = record.author
        image = record.image
        link = record.link
        showDescription = record.description
        language = record.language
        etag = record.etag
        lastModified = record.lastModified
        lastUpdate = record.lastUpdate
        lastError = record.lastError
    }
}
