import Foundation
import PodcastKit

/// Something a library command did that a running player re-broadcasts as an event: a download moved on, a feed was read.
public enum ActivityNotice: Sendable, Equatable {
    /// `bytes` of a download received so far, of `total` when known.
    case download(ref: String, bytes: Int64, total: Int64?)
    /// A feed was read (or was unchanged, with no new episodes).
    case feedUpdated(show: String, newEpisodes: Int)
    /// A feed could not be read.
    case feedFailed(show: String, reason: String)
    /// Another process changed (and kept) the library at `database`: the player's model shows it.
    case libraryChanged(LibraryChange, database: String)

    /// The socket line that carries the notice to a player: `{"notify":{…}}` and a newline. Players do not reply to it.
    public var line: [UInt8] { line(requestID: nil) }

    /// The socket line of the notice; with a request id (`{"notify":{…},"request_id":N}`) the player answers it once
    /// it has taken the notice in.
    public func line(requestID: Int64?) -> [UInt8] {
        var members: [(String, JSONValue)] = [("notify", body)]
        if let requestID { members.append(("request_id", .int(requestID))) }
        return JSONValue.object(members).renderedBytes + [UInt8(ascii: "\n")]
    }

    /// The `notify` member: the event and its values.
    private var body: JSONValue {
        let body: JSONValue
        switch self {
        case .download(let ref, let bytes, let total):
            body = .object([("event", .string("download-progress")), ("ref", .string(ref)), ("bytes", .int(bytes)), ("total", .int(total))])
        case .feedUpdated(let show, let count):
            body = .object([("event", .string("feed-updated")), ("show", .string(show)), ("new_episodes", .int(count))])
        case .feedFailed(let show, let reason):
            body = .object([("event", .string("feed-failed")), ("show", .string(show)), ("reason", .string(reason))])
        case .libraryChanged(let change, let database):
            body = .object(
                [("event", .string("library-changed")), ("database", .string(database))] + Self.members(of: change))
        }
        return body
    }

    /// Reads the `notify` member of a socket line's JSON object; nil when it is not a well-formed notice.
    package static func parse(_ object: JSONValue) -> ActivityNotice? {
        guard let event = object["event"]?.stringValue else { return nil }
        switch event {
        case "download-progress":
            guard let ref = object["ref"]?.stringValue, let bytes = object["bytes"]?.int64Value, bytes >= 0 else { return nil }
            return .download(ref: ref, bytes: bytes, total: object["total"]?.int64Value)
        case "feed-updated":
            guard let show = object["show"]?.stringValue, let count = object["new_episodes"]?.int64Value.flatMap(Int.init(exactly:))
            else { return nil }
            return .feedUpdated(show: show, newEpisodes: count)
        case "feed-failed":
            guard let show = object["show"]?.stringValue, let reason = object["reason"]?.stringValue else { return nil }
            return .feedFailed(show: show, reason: reason)
        case "library-changed":
            guard let database = object["database"]?.stringValue, let change = change(object) else { return nil }
            return .libraryChanged(change, database: database)
        default:
            return nil
        }
    }

    /// A library change as the members `change`, `episodes` and `value`.
    private static func members(of change: LibraryChange) -> [(String, JSONValue)] {
        let ids = JSONValue.array(change.episodeIDs.map { .int($0) })
        switch change {
        case .played(_, let played): return [("change", .string("played")), ("episodes", ids), ("value", .bool(played))]
        case .favorite(_, let favorite): return [("change", .string("favorite")), ("episodes", ids), ("value", .bool(favorite))]
        case .position(_, let seconds), .listened(_, _, let seconds):
            // Another process's model needs only where the episode stands; the stretch is recorded where it ended.
            return [("change", .string("position")), ("episodes", ids), ("value", .number(seconds))]
        case .downloaded(_, let path): return [("change", .string("downloaded")), ("episodes", ids), ("value", .string(path))]
        case .downloadDeleted: return [("change", .string("download-deleted")), ("episodes", ids)]
        case .subscribed(let showID, let feedURL):
            return [("change", .string("subscribed")), ("show", .int(showID)), ("feed", .string(feedURL))]
        case .unsubscribed(let showID, let feedURL):
            return [("change", .string("unsubscribed")), ("show", .int(showID)), ("feed", .string(feedURL))]
        case .queued(let ids):
            return [("change", .string("queued")), ("episodes", .array(ids.map { .int($0) }))]
        }
    }

    /// The library change a notice's members describe; nil when they describe none.
    private static func change(_ object: JSONValue) -> LibraryChange? {
        if let kind = object["change"]?.stringValue, kind == "subscribed" || kind == "unsubscribed" {
            guard let show = object["show"]?.int64Value, let feed = object["feed"]?.stringValue else { return nil }
            return kind == "subscribed" ? .subscribed(showID: show, feedURL: feed) : .unsubscribed(showID: show, feedURL: feed)
        }
        if object["change"]?.stringValue == "queued" {
            return object["episodes"]?.arrayValue.map { .queued($0.compactMap(\.int64Value)) }
        }
        guard let ids = object["episodes"]?.arrayValue?.compactMap(\.int64Value), let first = ids.first else {
            return nil
        }
        let value = object["value"]
        switch object["change"]?.stringValue {
        case "played": return value?.boolValue.map { .played(ids, $0) }
        case "favorite": return value?.boolValue.map { .favorite(first, $0) }
        case "position": return value?.doubleValue.map { .position(first, $0) }
        case "downloaded": return value?.stringValue.map { .downloaded(first, path: $0) }
        case "download-deleted": return .downloadDeleted(first)
        default: return nil
        }
    }
}
