import Foundation

extension ParsedFeed {
    /// The shape `podline inspect --json` prints.
    public var json: JSONValue {
        .object([
            ("title", .string(title)), ("link", .string(link)), ("description", .string(description)),
            ("language", .string(language)), ("author", .string(author)), ("image", .string(image)),
            ("new_url", .string(newURL)),
            ("episodes", .array(episodes.map(\.json))),
        ])
    }
}

extension ParsedEpisode {
    /// One element of `inspect --json`'s `episodes`.
    public var json: JSONValue {
        .object([
            ("guid", .string(guid)), ("title", .string(title)), ("link", .string(link)),
            ("description", .string(description)),
            ("published", .string(published.map(FeedDate.iso8601String))),
            ("duration", .number(duration)),
            ("enclosure", enclosure.map { .object([("url", .string($0.url)), ("length", .int($0.length)), ("type", .string($0.type))]) } ?? .null),
            ("season", .int(season)), ("number", .int(number)),
            ("chapters_url", .string(chaptersURL)), ("transcript_url", .string(transcriptURL)),
            ("image", .string(image)),
        ])
    }
}
