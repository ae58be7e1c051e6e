import PodcastKit

/// One show's own settings: each wins over the general one, and a flag on the command line wins over it.
public struct ShowSettings: Sendable, Equatable {
    public var speed: Double?
    public var skipSilence: Bool?
    public var normalize: Bool?
    public var voiceBoost: Bool?
    /// The volume an episode of the show starts at, 0–100.
    public var volume: Double?
    /// Where a new episode of the show starts, in seconds (its intro skipped).
    public var skipIntro: Double?
    /// Seconds before its end that an episode of the show ends (its outro skipped), counting as played.
    public var skipOutro: Double?
    /// Regular expressions: chapters whose title matches one are left out of playback.
    public var skipChapters: [String]?
    /// Phrases: a transcript cue that says one is left out of playback.
    public var skipPhrases: [String]?
    /// Downloads are fetched twice, and what one fetch has and the other lacks is left out of playback.
    public var skipInserted: Bool?
    /// Streams are kept whole and fetched twice, and what one fetch has and the other lacks is left out of playback.
    public var skipInsertedStreams: Bool?
    /// New episodes of the show that `update` downloads.
    public var autoDownload: Int?
    /// Regular expressions a title must match (one of them) to be downloaded by `update`.
    public var downloadInclude: [String]?
    /// Regular expressions whose titles `update` never downloads.
    public var downloadExclude: [String]?
    /// The shortest episode `update` downloads, in seconds (0: no limit).
    public var downloadMinDuration: Double?
    /// The longest episode `update` downloads, in seconds (0: no limit).
    public var downloadMaxDuration: Double?
    /// The named playlist `update` adds the show's matching new episodes to ("": none).
    public var autoAdd: String?
    /// True when they go to the playlist's head rather than its tail.
    public var autoAddAtHead: Bool?
    /// The newest downloads of the show kept (0: all).
    public var retention: Int?
    /// Seconds after being played that a download of the show is deleted (0: never).
    public var deletePlayedAfter: Double?
    /// The formats to stream or download when the feed offers several files, the most wanted first.
    public var preferFormats: [MediaFormat]?
    /// The highest bit rate streamed or downloaded when the feed offers several files, in kb/s (0: no limit).
    public var maxBitrate: Double?

    public init() {}
}
