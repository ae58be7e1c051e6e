import Foundation
import PodcastKit

/// One episode of a list (`episodes`): the library's record of it as scripts read it.
public struct EpisodeEntry: Codable, Equatable, Sendable {
    public var ref: String
    public var id: Int64?
    public var show: String
    public var showTitle: String?
    public var guid: String
    public var title: String?
    public var description: String?
    /// ISO 8601, UTC.
    public var published: String?
    public var duration: Double?
    public var url: String?
    public var length: Int64?
    public var type: String?
    public var playable: Bool
    public var played: Bool
    public var position: Double
    public var favorite: Bool
    /// The downloaded file's path; nil when not downloaded.
    public var file: String?
    /// ISO 8601, UTC: when the library first saw it.
    public var firstSeen: String

    /// What `listing` says, with its download found under `paths`.
    public init(_ listing: EpisodeListing, paths: LibraryPaths) {
        let episode = listing.episode
        (ref, id, show, showTitle, guid) = (listing.ref, episode.id, listing.showSlug, listing.showTitle, episode.guid)
        (title, description, published) = (episode.title, episode.description, episode.published.map(ISO8601.string))
        (duration, url, length, type) = (episode.duration, episode.enclosureURL, episode.enclosureLength, episode.enclosureType)
        (playable, played, position, favorite) = (episode.isPlayable, episode.isPlayed, episode.position, episode.isFavorite)
        file = episode.downloadPath.map { paths.file(forDownload: $0).path }
        firstSeen = ISO8601.string(episode.firstSeen)
    }

    enum CodingKeys: String, CodingKey {
        case ref, id, show, showTitle = "show_title", guid, title, description, published, duration, url, length, type
        case playable, played, position, favorite, file, firstSeen = "first_seen"
    }

    /// The documented JSON object, every member written (null when unknown), in the documented order.
    public var json: JSONValue {
        .object([
            ("ref", .string(ref)), ("id", .int(id)), ("show", .string(show)), ("show_title", .string(showTitle)),
            ("guid", .string(guid)), ("title", .string(title)), ("description", .string(description)),
            ("published", .string(published)), ("duration", .number(duration)), ("url", .string(url)),
            ("length", .int(length)), ("type", .string(type)), ("playable", .bool(playable)), ("played", .bool(played)),
            ("position", .number(position)), ("favorite", .bool(favorite)), ("file", .string(file)),
            ("first_seen", .string(firstSeen)),
        ])
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension EpisodeEntry: ResultValue {}
