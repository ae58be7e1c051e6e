import PodcastKit

/// What `stats` reports: what the library holds and what listening came to.
public struct LibraryStatsResult: Codable, Equatable, Sendable, ResultValue {
    public var shows: Int
    public var episodes: Int
    public var played: Int
    public var inProgress: Int
    public var downloaded: Int
    /// Whole seconds heard.
    public var listenedSeconds: Double
    /// Seconds skip silence saved, to a tenth.
    public var timeSaved: Double

    /// What `stats` says.
    public init(_ stats: LibraryStats) {
        (shows, episodes, played, inProgress, downloaded) = (stats.shows, stats.episodes, stats.played, stats.inProgress, stats.downloaded)
        (listenedSeconds, timeSaved) = (stats.listenedSeconds.rounded(), stats.timeSaved.tenths)
    }

    enum CodingKeys: String, CodingKey {
        case shows, episodes, played, inProgress = "in_progress", downloaded, listenedSeconds = "listened_seconds"
        case timeSaved = "time_saved"
    }

    /// The documented JSON object.
    public var json: JSONValue {
        .object([
            ("shows", .int(shows)), ("episodes", .int(episodes)), ("played", .int(played)), ("in_progress", .int(inProgress)),
            ("downloaded", .int(downloaded)), ("listened_seconds", .number(listenedSeconds)), ("time_saved", .number(timeSaved)),
        ])
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
