import Foundation

/// One episode action as the gpodder API and Nextcloud's app carry it: what a device did with an episode.
public struct SyncAction: Sendable, Equatable, Hashable {
    /// The kinds of action.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case play, download, delete, new
    }

    /// The show's feed URL.
    public var podcast: String
    /// The episode's enclosure URL.
    public var episode: String
    public var guid: String?
    public var kind: Kind
    /// The device that did it, when said.
    public var device: String?
    /// When it was done (whole seconds, UTC).
    public var timestamp: Date
    /// For `play`: where listening started and stopped, and the episode's length, in whole seconds.
    public var started: Int?
    public var position: Int?
    public var total: Int?

    public init(
        podcast: String, episode: String, guid: String?, kind: Kind, device: String? = nil, timestamp: Date,
        started: Int? = nil, position: Int? = nil, total: Int? = nil
    ) {
        self.podcast = podcast
        self.episode = episode
        self.guid = guid
        self.kind = kind
        self.device = device
        self.timestamp = Date(timeIntervalSince1970: timestamp.timeIntervalSince1970.rounded(.down))
        self.started = started
        self.position = position
        self.total = total
    }

    /// `YYYY-MM-DDTHH:MM:SS` in UTC, as both servers read and write times (no zone, no fraction).
    public static func timeText(_ date: Date) -> String {
        String(FeedDate.iso8601String(date).dropLast())
    }

    /// The time a server wrote: `YYYY-MM-DDTHH:MM:SS`, with or without a fraction, `Z` or an offset (UTC when none).
    public static func time(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") else { return nil }
        return FeedDate.parse(text)
    }
}
