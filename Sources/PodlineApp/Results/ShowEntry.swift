import Foundation
import PodcastKit

/// One show of a list (`shows`): a subscription with its counts, as scripts read it.
public struct ShowEntry: Codable, Equatable, Sendable {
    public var slug: String
    public var id: Int64?
    public var title: String?
    /// The feed's URL.
    public var url: String
    public var author: String?
    public var link: String?
    public var image: String?
    public var episodes: Int
    public var unplayed: Int
    public var downloaded: Int
    /// ISO 8601, UTC: the last update that reached the feed.
    public var lastUpdate: String?
    /// What went wrong in the last update, if it failed.
    public var lastError: String?

    /// What `summary` says.
    public init(_ summary: ShowSummary) {
        let show = summary.show
        (slug, id, title, url, author, link, image) = (show.slug, show.id, show.title, show.feedURL, show.author, show.link, show.image)
        (episodes, unplayed, downloaded) = (summary.episodeCount, summary.unplayedCount, summary.downloadedCount)
        (lastUpdate, lastError) = (show.lastUpdate.map(ISO8601.string), show.lastError)
    }

    enum CodingKeys: String, CodingKey {
        case slug, id, title, url, author, link, image, episodes, unplayed, downloaded
        case lastUpdate = "last_update", lastError = "last_error"
    }

    /// The documented JSON object, every member written (null when unknown), in the documented order.
    public var json: JSONValue {
        .object([
            ("slug", .string(slug)), ("id", .int(id)), ("title", .string(title)), ("url", .string(url)),
            ("author", .string(author)), ("link", .string(link)), ("image", .string(image)), ("episodes", .int(episodes)),
            ("unplayed", .int(unplayed)), ("downloaded", .int(downloaded)), ("last_update", .string(lastUpdate)),
            ("last_error", .string(lastError)),
        ])
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension ShowEntry: ResultValue {}
