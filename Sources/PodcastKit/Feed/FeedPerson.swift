import Foundation

/// A `podcast:person`: someone who makes or appears in a show or an episode, with their role and links.
public struct FeedPerson: Sendable, Equatable {
    public var name: String
    /// The role in the namespace's taxonomy (`host`, `guest`, `producer`, …), lower-cased; `host` when not given.
    public var role: String
    /// The role's group (`cast`, `writing`, …), lower-cased; `cast` when not given.
    public var group: String
    /// A picture of them; only an http(s) URL is kept.
    public var image: String?
    /// Their page; only an http(s) URL is kept.
    public var link: String?

    public init(name: String, role: String? = nil, group: String? = nil, image: String? = nil, link: String? = nil) {
        self.name = name
        self.role = Self.word(role) ?? "host"
        self.group = Self.word(group) ?? "cast"
        self.image = image
        self.link = link
    }

    private static func word(_ text: String?) -> String? {
        guard let value = text?.trimmingSpaces.lowercased(), !value.isEmpty else { return nil }
        return value
    }

    /// The person as `inspect --json`, `notes --json` and the library write them.
    public var json: JSONValue {
        .object([
            ("name", .string(name)), ("role", .string(role)), ("group", .string(group)), ("image", .string(image)),
            ("link", .string(link)),
        ])
    }

    /// People read back from `json` objects; entries without a name are skipped.
    public static func list(fromJSON text: String?) -> [FeedPerson] {
        JSONList.objects(text).compactMap { fields in
            guard let name = fields["name"] as? String else { return nil }
            return FeedPerson(
                name: name, role: fields["role"] as? String, group: fields["group"] as? String, image: fields["image"] as? String,
                link: fields["link"] as? String)
        }
    }

    /// "Name (guest)", as listings show them.
    public var text: String { "\(name) (\(role))" }
}
