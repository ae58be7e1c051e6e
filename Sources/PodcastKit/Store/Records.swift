import Foundation
import GRDB

/// A subscribed show as stored in the `show` table.
public struct ShowRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "show"

    public var id: Int64?
    /// The short, stable name used in episode references (`<slug>/<number>`).
    public var slug: String
    public var feedURL: String
    public var title: String?
    public var author: String?
    public var image: String?
    public var link: String?
    public var description: String?
    public var language: String?
    public var podcastGUID: String?
    public var etag: String?
    public var lastModified: String?
    public var lastUpdate: Date?
    public var lastError: String?
    public var addedAt: Date
    /// The number the next new episode of this show gets.
    public var nextNumber: Int
    /// How many episodes the show has; kept up to date by the database.
    public var episodeCount: Int = 0
    /// How many of them are not played; kept up to date by the database.
    public var unplayedCount: Int = 0
    /// How many of them are downloaded; kept up to date by the database.
    public var downloadedCount: Int = 0
    /// What the feed says of the show's people, funding, trailers and recommended shows, as JSON arrays (`json` of
    /// `FeedPerson`, `Funding`, `FeedTrailer`, `RemoteItem`); nil when it says nothing.
    public var persons: String? = nil
    public var funding: String? = nil
    public var trailers: String? = nil
    public var podroll: String? = nil
    /// The live streams the feed announces (`FeedLiveItem.json` objects), as it last said them.
    public var liveItems: String? = nil

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The title, else the feed URL.
    public var displayTitle: String { title ?? feedURL }
}

/// An episode as stored in the `episode` table: what the feed says and what the listener did.
public struct EpisodeRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "episode"

    public var id: Int64?
    public var showID: Int64
    /// The episode's stable number within its show, given when first seen; never reused.
    public var number: Int
    public var guid: String
    public var title: String?
    public var link: String?
    public var description: String?
    public var published: Date?
    public var duration: Double?
    public var enclosureURL: String?
    public var enclosureLength: Int64?
    public var enclosureType: String?
    public var season: Int?
    public var episodeNumber: Int?
    public var chaptersURL: String?
    public var transcriptURL: String?
    public var image: String?
    public var isPlayed: Bool
    /// Playback position in seconds.
    public var position: Double
    public var isFavorite: Bool
    /// The downloaded file, relative to the library's `episodes` folder, set only once complete.
    public var downloadPath: String?
    public var firstSeen: Date
    /// The feed's Podlove Simple Chapters, as a JSON array (`Chapter.jsonFields` each); nil when it gives none.
    public var chapters: String?
    /// The chapters of the podcast:chapters file, once fetched: `{"url", "chapters"}` (`Chapter.jsonFields` each),
    /// the URL being the `chaptersURL` they came from.
    public var chaptersFile: String?
    /// The transcripts the feed names, as a JSON array (`TranscriptLink.json` each); nil when it names none.
    public var transcripts: String?
    /// The other media files the feed offers, as a JSON array (`Enclosure.json` each); nil when it offers none.
    public var alternates: String?
    /// The episode's people and soundbites, as JSON arrays (`FeedPerson.json`, `Soundbite.json`); nil when none.
    public var persons: String? = nil
    public var soundbites: String? = nil

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// True when the feed gave a media file.
    public var isPlayable: Bool { enclosureURL != nil }

    /// Copies what the feed says from `parsed`, leaving the listener's state alone.
    mutating func update(from parsed: ParsedEpisode) {
        title = parsed.title
        link = parsed.link
        description = parsed.description
        published = parsed.published
        duration = parsed.duration ?? duration
        enclosureURL = parsed.enclosure?.url
        enclosureLength = parsed.enclosure?.length
        enclosureType = parsed.enclosure?.type
        season = parsed.season
        episodeNumber = parsed.number
        chaptersURL = parsed.chaptersURL
        transcriptURL = parsed.transcriptURL
        image = parsed.image
        chapters = JSONList.text(parsed.chapters.map(\.json))
        transcripts = JSONList.text(parsed.transcripts.map(\.json))
        alternates = JSONList.text(parsed.alternates.map(\.json))
        persons = JSONList.text(parsed.persons.map(\.json))
        soundbites = JSONList.text(parsed.soundbites.map(\.json))
    }

    /// Every media file the feed offers for the episode: its enclosure first (with the bit rate and integrity an
    /// alternative of the same URL gives), then the alternatives.
    public var mediaFiles: [Enclosure] {
        var files = enclosureURL.map { [Enclosure(url: $0, length: enclosureLength, type: enclosureType)] } ?? []
        guard let alternates, let list = try? JSONSerialization.jsonObject(with: Data(alternates.utf8)) as? [Any] else { return files }
        for other in list.compactMap(Enclosure.init(json:)) {
            if other.url == enclosureURL {
                files[0].bitrate = other.bitrate
                files[0].integrity = other.integrity
            } else {
                files.append(other)
            }
        }
        return files
    }

    /// The file to play or download, as `choice` picks it among those the feed offers.
    public func mediaFile(choosing choice: MediaChoice) -> Enclosure? {
        choice.choose(mediaFiles)
    }

    /// The transcripts the feed names, read back from `transcripts`.
    public var transcriptLinks: [TranscriptLink] {
        guard let transcripts, let list = try? JSONSerialization.jsonObject(with: Data(transcripts.utf8)) as? [Any] else {
            return transcriptURL.map { [TranscriptLink(url: $0)] } ?? []
        }
        return TranscriptLink.list(fromJSON: list)
    }

    /// The feed's chapters, read back from `chapters`.
    public var feedChapters: [Chapter] {
        guard let chapters, let list = try? JSONSerialization.jsonObject(with: Data(chapters.utf8)) as? [Any] else { return [] }
        return Chapter.list(fromJSON: list)
    }

    /// The podcast:chapters file's chapters kept in the library for the current `chaptersURL`; nil when none were
    /// kept for it (not fetched yet, or the feed now names another file).
    public var keptChapters: [Chapter]? {
        guard let chaptersURL, let chaptersFile,
            let object = try? JSONSerialization.jsonObject(with: Data(chaptersFile.utf8)) as? [String: Any],
            object["url"] as? String == chaptersURL, let list = object["chapters"] as? [Any]
        else { return nil }
        return Chapter.list(fromJSON: list)
    }

    /// The `chaptersFile` value for `chapters` fetched from `url`.
    static func chaptersFile(url: String, chapters: [Chapter]) -> String {
        JSONValue.object([("url", .string(url)), ("chapters", .array(chapters.map(\.json)))]).rendered
    }
}

/// An episode with the slug of its show, as listings need.
public struct EpisodeListing: Sendable, Equatable {
    public var episode: EpisodeRecord
    public var showSlug: String
    public var showTitle: String?
    /// The show's author and picture, for what the desktop shows of the playing episode.
    public var showAuthor: String? = nil
    public var showImage: String? = nil

    /// The stable reference: `<show-slug>/<number>`.
    public var ref: String { "\(showSlug)/\(episode.number)" }
}
