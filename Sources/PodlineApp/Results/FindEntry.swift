import Foundation
import PodcastKit

/// One show a directory found (`find`), numbered for `add find/N`, marked when already subscribed to.
public struct FindEntry: Codable, Equatable, Sendable {
    public var number: Int
    /// `find/N`.
    public var ref: String
    public var title: String
    public var author: String?
    public var episodes: Int?
    /// ISO 8601, UTC: its newest episode's date.
    public var newest: String?
    public var language: String?
    public var genres: [String]
    public var feedURL: String?
    /// The directories that list it.
    public var directories: [String]
    public var subscribed: Bool
    /// False when no directory gave a feed to subscribe to.
    public var subscribable: Bool
    /// Why it cannot be subscribed to, when it cannot.
    public var reason: String?

    /// `result`, the `number`th found.
    public init(_ result: DirectoryResult, number: Int, subscribed: Bool) {
        (self.number, ref, title, author) = (number, "find/\(number)", result.title, result.author)
        (episodes, newest, language, genres) = (result.episodes, result.newest.map(ISO8601.string), result.language, result.genres)
        (feedURL, directories, self.subscribed) = (result.feedURL, result.sources, subscribed)
        (subscribable, reason) = (result.feedURL != nil, result.reason)
    }

    enum CodingKeys: String, CodingKey {
        case number, ref, title, author, episodes, newest, language, genres, feedURL = "feed_url", directories, subscribed
        case subscribable, reason
    }

    /// The documented JSON object, every member written (null when unknown), in the documented order.
    public var json: JSONValue {
        .object([
            ("number", .int(number)), ("ref", .string(ref)), ("title", .string(title)), ("author", .string(author)),
            ("episodes", .int(episodes)), ("newest", .string(newest)), ("language", .string(language)),
            ("genres", .array(genres.map(JSONValue.string))), ("feed_url", .string(feedURL)),
            ("directories", .array(directories.map(JSONValue.string))), ("subscribed", .bool(subscribed)),
            ("subscribable", .bool(subscribable)), ("reason", .string(reason)),
        ])
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension FindEntry: ResultValue {}
