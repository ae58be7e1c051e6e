import Foundation
import Observation

/// An episode of a show, with what the listener did with it. Identified by its database id, and
/// referred to as `<show-slug>/<number>`; never by its title.
@Observable @MainActor
public final class Episode: Identifiable {
    public nonisolated let id: Int64
    /// The stable reference a script can keep.
    public let ref: String
    public let guid: String
    public var title: String?
    public var published: Date?
    public var duration: Double?
    public var enclosureURL: String?
    public var enclosureLength: Int64?
    public var enclosureType: String?
    public var episodeDescription: String?
    public var link: String?
    public var season: Int?
    public var number: Int?
    public var chaptersURL: String?
    public var transcriptURL: String?
    public var image: String?
    public var isPlayed: Bool
    /// Playback position in seconds.
    public var position: Double
    public var isFavorite: Bool
    /// The complete downloaded file, if any.
    public var downloadedFile: URL?
    public let firstSeen: Date

    /// False when the feed gave no media file.
    public var isPlayable: Bool { enclosureURL != nil }

    init(_ listing: EpisodeListing, paths: LibraryPaths) {
        let record = listing.episode
        id = record.id ?? 0
        ref = listing.ref
        guid = record.guid
        title = record.title
        published = record.published
        duration = record.duration
        enclosureURL = record.enclosureURL
        enclosureLength = record.enclosureLength
        enclosureType = record.enclosureType
        episodeDescription = record.description
        link = record.link
        season = record.season
        number = record.episodeNumber
        chaptersURL = record.chaptersURL
        transcriptURL = record.transcriptURL
        image = record.image
        isPlayed = record.isPlayed
        position = record.position
        isFavorite = record.isFavorite
        downloadedFile = record.downloadPath.map(paths.file(forDownload:))
        firstSeen = record.firstSeen
    }
}
