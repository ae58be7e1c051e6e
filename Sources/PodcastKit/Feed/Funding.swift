import Foundation

/// A `podcast:funding` link: where listeners can support the show.
public struct Funding: Sendable, Equatable {
    /// Only an http(s) URL is kept.
    public var url: String
    public var title: String?

    public init(url: String, title: String? = nil) {
        self.url = url
        self.title = title
    }

    /// The link as `inspect --json`, `notes --json` and the library write it.
    public var json: JSONValue { .object([("url", .string(url)), ("title", .string(title))]) }

    /// Links read back from `json` objects; entries without a URL are skipped.
    public static func list(fromJSON text: String?) -> [Funding] {
        JSONList.objects(text).compactMap { fields in
            (fields["url"] as? String).map { Funding(url: $0, title: fields["title"] as? String) }
        }
    }
}
