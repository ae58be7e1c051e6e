/// The user's settings, with their documented defaults.
public struct Settings: Sendable, Equatable {
    /// Audio output: default, pulse, alsa, null, or wav:FILE, au:FILE, raw:FILE.
    public var output = "default"
    /// Playback speed for shows without their own, 0.5–3.0.
    public var speed = 1.0
    /// Speeds for particular shows, by show slug.
    public var showSpeeds: [String: Double] = [:]
    /// Seconds `skip` moves forward.
    public var skipForward = 30.0
    /// Seconds `back` moves back.
    public var skipBack = 15.0
    /// Seconds to go back when resuming an episode started earlier.
    public var rewindOnResume = 2.0
    /// An episode counts as played when fewer than this many seconds remain.
    public var playedMargin = 30.0
    /// Feeds refreshed at once by `update`.
    public var updateJobs = 4
    /// Where downloads go (empty: the library's episodes folder).
    public var downloadDirectory = ""
    /// Downloaded episodes kept per show (0 keeps all).
    public var retention = 0
    /// New episodes of each show that `update` downloads after refreshing it (0: none).
    public var autoDownload = 0
    /// `autoDownload` for particular shows, by show slug.
    public var showAutoDownloads: [String: Int] = [:]

    public init() {}

    /// The speed for the show with slug `show`.
    public func speed(forShow show: String?) -> Double {
        show.flatMap { showSpeeds[$0] } ?? speed
    }

    /// How many new episodes of the show with slug `show` `update` downloads.
    public func autoDownload(forShow show: String) -> Int {
        showAutoDownloads[show] ?? autoDownload
    }

    /// The skip lengths for the command language.
    public var skipLengths: SkipLengths { SkipLengths(forward: skipForward, back: skipBack) }
}
