import Foundation

/// A `podcast:remoteItem` of a show's `podcast:podroll`: another show its publisher recommends, named by its
/// `podcast:guid` (and maybe its feed's address).
public struct RemoteItem: Sendable, Equatable {
    public var feedGUID: String
    public var feedURL: String?
    /// An episode of it, when the item names one.
    public var itemGUID: String?
    /// `podcast`, `music`, …; nil when not given.
    public var medium: String?

    public init(feedGUID: String, feedURL: String? = nil, itemGUID: String? = nil, medium: String? = nil) {
        self.feedGUID = feedGUID
        self.feedURL = feedURL
        self.itemGUID = itemGUID
        self.medium = medium
    }

    /// The item as `inspect --json`, `show --json` and the library write it.
    public var json: JSONValue {
        .object([
            ("feed_guid", .string(feedGUID)), ("feed_url", .string(feedURL)), ("item_guid", .string(itemGUID)),
            ("medium", .string(medium)),
        ])
    }

    /// Items read back from `json` objects; entries without a feed GUID are skipped.
    public static func list(fromJSON text: String?) -> [RemoteItem] {
        JSONList.objects(text).compactMap { fields in
            guard let guid = fields["feed_guid"] as? String else { return nil }
            return RemoteItem(
                feedGUID: guid, feedURL: fields["feed_url"] as? String, itemGUID: fields["item_guid"] as? String,
                medium: fields["medium"] as? String)
        }
    }
}
