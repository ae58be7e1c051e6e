import PodcastKit

/// What `update` (or `import`) did to one feed: `updated` with its new episodes (and whether it moved),
/// `not-modified`, or `failed` with the error; and what the feed got wrong but could still be read.
public struct FeedUpdateEntry: Codable, Equatable, Sendable, ResultValue {
    public var show: String
    public var url: String
    /// `updated`, `not-modified` or `failed`.
    public var status: String
    /// New episodes (nil when it failed).
    public var new: Int?
    /// True when the feed said it moved (nil when it failed).
    public var moved: Bool?
    /// Why it failed.
    public var error: String?
    /// Written only when there are some.
    public var warnings: [String]?

    /// What `result` says.
    public init(_ result: FeedUpdateResult) {
        (show, url) = (result.show.slug, result.show.feedURL)
        switch result.outcome {
        case .updated(let count, let moved): (status, new, self.moved) = ("updated", count, moved)
        case .notModified: (status, new, moved) = ("not-modified", 0, false)
        case .failed(let reason): (status, error) = ("failed", reason)
        }
        warnings = result.warnings.isEmpty ? nil : result.warnings
    }

    /// The documented JSON object: the members of its status only.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("show", .string(show)), ("url", .string(url)), ("status", .string(status))]
        if let new { members.append(("new", .int(new))) }
        if let moved { members.append(("moved", .bool(moved))) }
        if let error { members.append(("error", .string(error))) }
        if let warnings { members.append(("warnings", .array(warnings.map(JSONValue.string)))) }
        return .object(members)
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
