import PodcastKit

/// One show's own settings: each wins over the general one, and a flag on the command line wins over it.
public struct ShowSettings: Sendable, Equatable {
    public var speed: Double?
    public var skipSilence: Bool?
    public var normalize: Bool?
    /// The volume an episode of the show starts at, 0–100.
    public var volume: Double?
    /// Where a new episode of the show starts, in seconds (its intro skipped).
    public var skipIntro: Double?
    /// Seconds before its end that an episode of the show ends (its outro skipped), counting as played.
    public var skipOutro: Double?
    /// New episodes of the show that `update` downloads.
    public var autoDownload: Int?
    /// The format to stream or download when the feed offers several files.
    public var preferFormat: MediaFormat?

    public init() {}
}
