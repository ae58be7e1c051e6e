import PodcastKit

/// One item as a result names it (the player's episode, a queued item, an event's episode): ref, title, show, url,
/// duration, and for library episodes played and favorite.
public struct ItemSummary: Codable, Equatable, Sendable {
    public var ref: String?
    public var title: String
    public var show: String?
    public var url: String
    public var duration: Double?
    /// Nil for files and URLs.
    public var played: Bool?
    /// Nil for files and URLs.
    public var favorite: Bool?

    public init(
        ref: String?, title: String, show: String?, url: String, duration: Double?, played: Bool? = nil,
        favorite: Bool? = nil
    ) {
        (self.ref, self.title, self.show, self.url, self.duration) = (ref, title, show, url, duration)
        (self.played, self.favorite) = (played, favorite)
    }

    /// What `item` is.
    public init(_ item: NowPlaying) {
        self.init(
            ref: item.ref, title: item.title, show: item.show, url: item.url, duration: item.duration,
            played: item.marks?.played, favorite: item.marks?.favorite)
    }

    /// The item a player loads for it (no marks: the library's are read when it plays).
    public var item: NowPlaying {
        NowPlaying(ref: ref, title: title, show: show, url: url, duration: duration)
    }

    /// The documented JSON object, every member written (null when unknown).
    public var json: JSONValue {
        .object([
            ("ref", .string(ref)),
            ("title", .string(title)),
            ("show", .string(show)),
            ("url", .string(url)),
            ("duration", .number(duration)),
            ("played", played.map(JSONValue.bool) ?? .null),
            ("favorite", favorite.map(JSONValue.bool) ?? .null),
        ])
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
