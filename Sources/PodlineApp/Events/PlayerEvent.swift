import Foundation
import PodcastKit

/// One event of the NDJSON stream, in mpv's shape: written by the player, read back by its clients.
public enum PlayerEvent: Sendable, Equatable, Codable {
    /// An observed property took a new value (`state`, `position`, `volume`, `speed`, `episode`, `queue`, `sleep`).
    case propertyChange(name: String, data: JSONValue)
    /// An episode began playing.
    case episodeStarted(ItemSummary)
    /// An episode stopped playing, and why.
    case episodeEnded(ItemSummary, reason: EndReason)
    /// The heard position crossed into another chapter, or out of them (nil).
    case chapterChanged(ChapterStatus?)
    /// A chapter was left out (`skip_chapters`): its title, and where it began and ended (nil: the end).
    case chapterSkipped(title: String?, from: Double, to: Double?)
    /// A stretch a server inserted was left out (`skip_inserted`): where it began and ended (nil: the end).
    case insertedSkipped(from: Double, to: Double?)
    /// A transcript cue said a phrase of `skip_phrases`, and what it ran to was left out.
    case phraseSkipped(phrase: String, from: Double, to: Double?)
    /// A download moved on.
    case downloadProgress(ref: String, bytes: Int64, total: Int64?)
    /// A feed was refreshed.
    case feedUpdated(show: String, newEpisodes: Int)
    /// Something went wrong, worded for one line.
    case error(String)

    /// The event as one JSON object.
    public var json: JSONValue {
        switch self {
        case .propertyChange(let name, let data):
            .object([("event", .string("property-change")), ("name", .string(name)), ("data", data)])
        case .episodeStarted(let episode):
            .object([("event", .string("episode-started")), ("episode", episode.json)])
        case .episodeEnded(let episode, let reason):
            .object([("event", .string("episode-ended")), ("reason", .string(reason.rawValue)), ("episode", episode.json)])
        case .chapterChanged(let chapter):
            .object([("event", .string("chapter-changed")), ("chapter", chapter?.json ?? .null)])
        case .chapterSkipped(let title, let from, let to):
            .object([("event", .string("chapter-skipped")), ("title", .string(title)), ("from", .number(from)), ("to", .number(to))])
        case .insertedSkipped(let from, let to):
            .object([("event", .string("inserted-skipped")), ("from", .number(from)), ("to", .number(to))])
        case .phraseSkipped(let phrase, let from, let to):
            .object([("event", .string("phrase-skipped")), ("phrase", .string(phrase)), ("from", .number(from)), ("to", .number(to))])
        case .downloadProgress(let ref, let bytes, let total):
            .object([("event", .string("download-progress")), ("ref", .string(ref)), ("bytes", .int(bytes)), ("total", .int(total))])
        case .feedUpdated(let show, let count):
            .object([("event", .string("feed-updated")), ("show", .string(show)), ("new_episodes", .int(count))])
        case .error(let message):
            .object([("event", .string("error")), ("message", .string(message))])
        }
    }

    /// The event as one NDJSON line, newline included.
    public var line: [UInt8] {
        var bytes = json.renderedBytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Reads one event line; nil when it is not an event of this stream.
    public init?(line: some Sequence<UInt8>) {
        guard let event = try? JSONDecoder().decode(PlayerEvent.self, from: Data(line)) else { return nil }
        self = event
    }

    private enum CodingKeys: String, CodingKey {
        case event, name, data, episode, reason, chapter, ref, bytes, total, show, message, title, from, to, phrase
        case newEpisodes = "new_episodes"
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        switch try object.decode(String.self, forKey: .event) {
        case "property-change":
            self = .propertyChange(
                name: try object.decode(String.self, forKey: .name),
                data: try object.decodeIfPresent(JSONValue.self, forKey: .data) ?? .null)
        case "episode-started":
            self = .episodeStarted(try object.decode(ItemSummary.self, forKey: .episode))
        case "episode-ended":
            self = .episodeEnded(
                try object.decode(ItemSummary.self, forKey: .episode), reason: try object.decode(EndReason.self, forKey: .reason))
        case "chapter-changed":
            self = .chapterChanged(try object.decodeIfPresent(ChapterStatus.self, forKey: .chapter))
        case "chapter-skipped":
            self = .chapterSkipped(
                title: try object.decodeIfPresent(String.self, forKey: .title), from: try object.decode(Double.self, forKey: .from),
                to: try object.decodeIfPresent(Double.self, forKey: .to))
        case "phrase-skipped":
            self = .phraseSkipped(
                phrase: try object.decode(String.self, forKey: .phrase), from: try object.decode(Double.self, forKey: .from),
                to: try object.decodeIfPresent(Double.self, forKey: .to))
        case "inserted-skipped":
            self = .insertedSkipped(
                from: try object.decode(Double.self, forKey: .from), to: try object.decodeIfPresent(Double.self, forKey: .to))
        case "download-progress":
            self = .downloadProgress(
                ref: try object.decode(String.self, forKey: .ref), bytes: try object.decode(Int64.self, forKey: .bytes),
                total: try object.decodeIfPresent(Int64.self, forKey: .total))
        case "feed-updated":
            self = .feedUpdated(
                show: try object.decode(String.self, forKey: .show), newEpisodes: try object.decode(Int.self, forKey: .newEpisodes))
        case "error":
            self = .error(try object.decode(String.self, forKey: .message))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .event, in: object, debugDescription: "no event '\(other)'")
        }
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
