import PodcastKit

/// One event of the NDJSON stream, in mpv's shape.
public enum PlayerEvent: Sendable, Equatable {
    /// An observed property took a new value (`state`, `position`, `volume`, `speed`, `episode`, `queue`, `sleep`).
    case propertyChange(name: String, data: JSONValue)
    /// An episode began playing.
    case episodeStarted(JSONValue)
    /// An episode stopped playing, and why.
    case episodeEnded(JSONValue, reason: EndReason)
    /// The heard position crossed into another chapter (number, title, start, end), or out of them (null).
    case chapterChanged(JSONValue)
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
            .object([("event", .string("episode-started")), ("episode", episode)])
        case .episodeEnded(let episode, let reason):
            .object([("event", .string("episode-ended")), ("reason", .string(reason.rawValue)), ("episode", episode)])
        case .chapterChanged(let chapter):
            .object([("event", .string("chapter-changed")), ("chapter", chapter)])
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
}
