import Foundation

/// A `podcast:liveItem`: a live stream the show announces, before, during or after it is on air.
public struct FeedLiveItem: Sendable, Equatable {
    /// Where a live item is: announced, on air, or over.
    public enum Status: String, Sendable, CaseIterable {
        case pending, live, ended
    }

    public var guid: String
    public var title: String?
    public var status: Status
    /// When the stream is meant to start and end (the status says whether it has).
    public var start: Date?
    public var end: Date?
    /// The stream's address and its media type.
    public var url: String?
    public var type: String?
    public var description: String?
    public var link: String?
    /// Where the show chats while it is on air (`podcast:chat`).
    public var chat: FeedChat?
    /// Other places the stream can be heard or watched (`podcast:contentLink`): address and name.
    public var contentLinks: [Funding] = []

    public init(guid: String, title: String? = nil, status: Status, start: Date? = nil, end: Date? = nil, url: String? = nil) {
        self.guid = guid
        self.title = title
        self.status = status
        self.start = start
        self.end = end
        self.url = url
    }

    /// The title, else the guid.
    public var displayTitle: String { title ?? guid }

    /// The live item as `inspect --json`, `episodes --live --json` and the library write it.
    public var json: JSONValue {
        .object([
            ("guid", .string(guid)), ("title", .string(title)), ("status", .string(status.rawValue)),
            ("start", .string(start.map(FeedDate.iso8601String))), ("end", .string(end.map(FeedDate.iso8601String))),
            ("url", .string(url)), ("type", .string(type)), ("description", .string(description)), ("link", .string(link)),
            ("chat", chat?.json ?? .null), ("content_links", .array(contentLinks.map(\.json))),
        ])
    }

    /// Live items read back from `json` objects; entries without a guid or a known status are skipped.
    public static func list(fromJSON text: String?) -> [FeedLiveItem] {
        JSONList.objects(text).compactMap { fields in
            guard let guid = fields["guid"] as? String, let status = (fields["status"] as? String).flatMap(Status.init) else {
                return nil
            }
            var item = FeedLiveItem(
                guid: guid, title: fields["title"] as? String, status: status,
                start: (fields["start"] as? String).flatMap(FeedDate.parse), end: (fields["end"] as? String).flatMap(FeedDate.parse),
                url: fields["url"] as? String)
            item.type = fields["type"] as? String
            item.description = fields["description"] as? String
            item.link = fields["link"] as? String
            item.chat = (fields["chat"] as? [String: Any]).flatMap(FeedChat.init(fields:))
            item.contentLinks = ((fields["content_links"] as? [Any]) ?? []).compactMap { entry in
                guard let link = entry as? [String: Any], let url = link["url"] as? String else { return nil }
                return Funding(url: url, title: link["title"] as? String)
            }
            return item
        }
    }
}

/// A `podcast:chat`: the chat server, its protocol, the show's account and the room.
public struct FeedChat: Sendable, Equatable {
    public var server: String
    public var `protocol`: String
    public var accountID: String?
    public var space: String?

    public init(server: String, protocol: String, accountID: String? = nil, space: String? = nil) {
        self.server = server
        self.protocol = `protocol`
        self.accountID = accountID
        self.space = space
    }

    var json: JSONValue {
        .object([
            ("server", .string(server)), ("protocol", .string(`protocol`)), ("account", .string(accountID)), ("space", .string(space)),
        ])
    }

    init?(fields: [String: Any]) {
        guard let server = fields["server"] as? String, let kind = fields["protocol"] as? String else { return nil }
        self.init(server: server, protocol: kind, accountID: fields["account"] as? String, space: fields["space"] as? String)
    }

    /// One line for a listener: "irc #room on irc.example.net (as @host)".
    public var text: String {
        var line = `protocol`
        if let space { line += " \(space)" }
        line += " on \(server)"
        if let accountID { line += " (\(accountID))" }
        return line
    }
}
