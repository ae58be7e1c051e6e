import Foundation

/// A `podcast:trailer`: a show's trailer, which is not an episode of it.
public struct FeedTrailer: Sendable, Equatable {
    public var url: String
    public var title: String?
    public var published: Date?
    public var length: Int64?
    public var type: String?
    /// The season it is the trailer of, when one.
    public var season: Int?

    public init(url: String, title: String? = nil, published: Date? = nil, length: Int64? = nil, type: String? = nil, season: Int? = nil) {
        self.url = url
        self.title = title
        self.published = published
        self.length = length
        self.type = type
        self.season = season
    }

    /// The trailer as `inspect --json`, `show --json` and the library write it.
    public var json: JSONValue {
        .object([
            ("url", .string(url)), ("title", .string(title)), ("published", .string(published.map(FeedDate.iso8601String))),
            ("length", .int(length)), ("type", .string(type)), ("season", .int(season)),
        ])
    }

    /// Trailers read back from `json` objects; entries without a URL are skipped.
    public static func list(fromJSON text: String?) -> [FeedTrailer] {
        JSONList.objects(text).compactMap { fields in
            guard let url = fields["url"] as? String else { return nil }
            return FeedTrailer(
                url: url, title: fields["title"] as? String, published: (fields["published"] as? String).flatMap(FeedDate.parse),
                length: (fields["length"] as? NSNumber)?.int64Value, type: fields["type"] as? String,
                season: JSONNumbers.integer(fields["season"]))
        }
    }
}
