import Foundation

/// What a feed says about a show and its episodes, before anything is stored.
public struct ParsedFeed: Sendable, Equatable {
    public var title: String?
    public var link: String?
    public var description: String?
    public var language: String?
    public var author: String?
    public var image: String?
    /// `itunes:new-feed-url`: where the publisher says the feed has moved.
    public var newURL: String?
    /// `podcast:guid`: the show's global identifier.
    public var podcastGUID: String?
    /// `podcast:locked`: true when the publisher forbids importing the feed elsewhere.
    public var locked: Bool?
    /// `podcast:funding` links (http(s) only).
    public var funding: [Funding] = []
    /// The show's `podcast:person`s.
    public var persons: [FeedPerson] = []
    /// `podcast:trailer`s.
    public var trailers: [FeedTrailer] = []
    /// The shows of its `podcast:podroll`.
    public var podroll: [RemoteItem] = []
    /// Its `podcast:liveItem`s, in document order: live streams, which are not episodes.
    public var liveItems: [FeedLiveItem] = []
    /// The episodes, in document order, duplicates (same GUID) merged.
    public var episodes: [ParsedEpisode] = []
    /// Where the document is not well-formed (a truncated download, a tag never closed), with line and
    /// column; the parser read past each, so the rest of the feed is still here.
    public var warnings: [String] = []

    public init() {}
}

/// One feed item.
public struct ParsedEpisode: Sendable, Equatable {
    /// The stable identity within the show: the item's GUID, else its link, else its enclosure URL.
    public var guid: String?
    public var title: String?
    public var link: String?
    public var description: String?
    public var published: Date?
    /// Length in seconds.
    public var duration: Double?
    public var enclosure: Enclosure?
    /// The other media files the feed offers for the episode (more `<enclosure>`s, `podcast:alternateEnclosure`s), in
    /// its order, none the same URL as another or as `enclosure`.
    public var alternates: [Enclosure] = []
    public var season: Int?
    public var number: Int?
    public var chaptersURL: String?
    /// Podlove Simple Chapters given in the feed, in order of their starts.
    public var chapters: [Chapter] = []
    public var transcriptURL: String?
    /// Every transcript the item names, in the feed's order (`transcriptURL` is the first's).
    public var transcripts: [TranscriptLink] = []
    public var image: String?
    /// The episode's `podcast:person`s.
    public var persons: [FeedPerson] = []
    /// Its `podcast:soundbite`s, in the feed's order.
    public var soundbites: [Soundbite] = []

    /// False for an item without an enclosure: it is listed but cannot be played or downloaded.
    public var isPlayable: Bool { enclosure != nil }

    public init() {}

    /// Keeps `other` as an alternative media file, unless its URL is known already (the enclosure's URL is kept again
    /// when `other` gives its bit rate or integrity).
    mutating func offer(_ other: Enclosure) {
        guard other.url != enclosure?.url || other.saysMore, !alternates.contains(where: { $0.url == other.url }) else { return }
        alternates.append(other)
    }

    /// Fills the fields this episode lacks from `other` (a later duplicate with the same GUID).
    mutating func merge(_ other: ParsedEpisode) {
        title = title ?? other.title
        link = link ?? other.link
        description = description ?? other.description
        published = published ?? other.published
        duration = duration ?? other.duration
        enclosure = enclosure ?? other.enclosure
        if alternates.isEmpty { alternates = other.alternates }
        season = season ?? other.season
        number = number ?? other.number
        chaptersURL = chaptersURL ?? other.chaptersURL
        transcriptURL = transcriptURL ?? other.transcriptURL
        if transcripts.isEmpty { transcripts = other.transcripts }
        image = image ?? other.image
        if chapters.isEmpty { chapters = other.chapters }
        if persons.isEmpty { persons = other.persons }
        if soundbites.isEmpty { soundbites = other.soundbites }
    }
}

/// An episode's media file.
public struct Enclosure: Sendable, Equatable {
    public var url: String
    /// Size in bytes, when the feed gives a positive one.
    public var length: Int64?
    /// MIME type.
    public var type: String?
    /// Bits a second, when the feed says (`podcast:alternateEnclosure`'s `bitrate`).
    public var bitrate: Double?
    /// Subresource Integrity hashes the file must match (`sha384-BASE64`, space-separated), when the feed gives them.
    public var integrity: String?

    public init(url: String, length: Int64? = nil, type: String? = nil, bitrate: Double? = nil, integrity: String? = nil) {
        self.url = url
        self.length = length
        self.type = type
        self.bitrate = bitrate
        self.integrity = integrity
    }

    /// True when it says more than where it is, how long and of what type: a bit rate or an integrity hash.
    var saysMore: Bool { bitrate != nil || integrity != nil }

    /// `{"url", "length", "type"}`, with `bitrate` and `integrity` when known.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [("url", .string(url)), ("length", .int(length)), ("type", .string(type))]
        if let bitrate { fields.append(("bitrate", .number(bitrate))) }
        if let integrity { fields.append(("integrity", .string(integrity))) }
        return .object(fields)
    }

    /// An enclosure read back from its `json`; nil without a URL.
    init?(json: Any) {
        guard let object = json as? [String: Any], let url = object["url"] as? String else { return nil }
        self.init(
            url: url, length: (object["length"] as? NSNumber)?.int64Value, type: object["type"] as? String,
            bitrate: (object["bitrate"] as? NSNumber)?.doubleValue, integrity: object["integrity"] as? String)
    }
}
