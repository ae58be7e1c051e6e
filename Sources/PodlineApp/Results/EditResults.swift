import PodcastKit

/// What `mark` did: the state it set, how many episodes changed, and the one episode named (when one was).
public struct MarkResult: Codable, Equatable, Sendable, ResultValue {
    public var state: String
    public var changed: Int
    public var ref: String?

    /// The documented JSON object.
    public var json: JSONValue { .object([("state", .string(state)), ("changed", .int(changed)), ("ref", .string(ref))]) }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

/// What `fav` did: the episode, and whether it is a favourite now.
public struct FavoriteResult: Codable, Equatable, Sendable, ResultValue {
    public var ref: String
    public var favorite: Bool

    /// The documented JSON object.
    public var json: JSONValue { .object([("ref", .string(ref)), ("favorite", .bool(favorite))]) }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

/// What `delete` did to one episode's download: `deleted`, `already-gone` or `not-downloaded`, and the file.
public struct DeleteOutcome: Codable, Equatable, Sendable, ResultValue {
    public var ref: String
    public var outcome: String
    public var file: String?

    /// The documented JSON object.
    public var json: JSONValue { .object([("ref", .string(ref)), ("outcome", .string(outcome)), ("file", .string(file))]) }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

/// A show `remove` took out: its episodes and downloads, and where the downloads were kept (with `--keep-files`).
public struct RemovedShow: Codable, Equatable, Sendable, ResultValue {
    public var slug: String
    public var title: String
    public var episodes: Int
    public var downloads: Int
    public var keptIn: String?

    enum CodingKeys: String, CodingKey {
        case slug, title, episodes, downloads, keptIn = "kept_in"
    }

    /// The documented JSON object.
    public var json: JSONValue {
        .object([
            ("slug", .string(slug)), ("title", .string(title)), ("episodes", .int(episodes)), ("downloads", .int(downloads)),
            ("kept_in", .string(keptIn)),
        ])
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
