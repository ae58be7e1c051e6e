import PodcastKit

/// The user's settings, with their documented defaults.
public struct Settings: Sendable, Equatable {
    /// Audio output: default, pulse, alsa, null, or wav:FILE, au:FILE, raw:FILE.
    public var output = "default"
    /// Playback speed for shows without their own, 0.5–3.0.
    public var speed = 1.0
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
    /// The newest downloads kept per show: played ones older than these are deleted (0 keeps all).
    public var retention = 0
    /// Seconds after being played that a download is deleted (0: never).
    public var deletePlayedAfter = 0.0
    /// New episodes of each show that `update` downloads after refreshing it (0: none).
    public var autoDownload = 0
    /// The named playlist `update` adds each show's matching new episodes to ("": none).
    public var autoAdd = ""
    /// True when they go to the playlist's head rather than its tail.
    public var autoAddAtHead = false
    /// Regular expressions a title must match (one of them) to be downloaded by `update` (none: every title).
    public var downloadInclude: [String] = []
    /// Regular expressions whose titles `update` never downloads.
    public var downloadExclude: [String] = []
    /// The shortest episode `update` downloads, in seconds (0: no limit).
    public var downloadMinDuration = 0.0
    /// The longest episode `update` downloads, in seconds (0: no limit).
    public var downloadMaxDuration = 0.0
    /// `update --notify` (the scheduled update) sends a desktop notification of what was new.
    public var notify = true
    /// Regular expressions: chapters whose title matches one are left out of playback (`["(?i)sponsor"]`).
    public var skipChapters: [String] = []
    /// Phrases: a transcript cue that says one is left out of playback (`["brought to you by"]`).
    public var skipPhrases: [String] = []
    /// Shorten long pauses.
    public var skipSilence = false
    /// Fetch each download a second time, and leave out of playback what one fetch has and the other lacks.
    public var skipInserted = false
    /// Keep a streamed episode whole as it comes, fetch it a second time, and leave out of the rest of it what one fetch
    /// has and the other lacks.
    public var skipInsertedStreams = false
    /// Even out the loudness to `loudnessTarget`.
    public var normalize = false
    /// Boost voices: speech equalised, quiet voices brought up to loud ones.
    public var voiceBoost = false
    /// The integrated loudness normalisation reaches, in LUFS.
    public var loudnessTarget = -16.0
    /// Normalisation trusts an episode's ReplayGain or RVA tag, when it has one, rather than measuring it.
    public var replayGain = true
    /// The formats to stream or download when a feed offers an episode in several files, the most wanted first; none:
    /// the feed's first.
    public var preferFormats: [MediaFormat] = []
    /// The highest bit rate to stream or download then, in kb/s; 0: no limit.
    public var maxBitrate = 0.0
    /// `[directory]`: the podcast directories `find` asks.
    public var directory = DirectorySettings()
    /// `[sync]`: the server the library is kept in step with; nil when none is set.
    public var sync: SyncSettings?
    /// `[keys]`: the full-screen view's keys that differ from its defaults, by action name (the key's name as text).
    public var keys: [String: String] = [:]
    /// Particular shows' own settings, by show slug (`[shows.SLUG]`, `[show_speed]`, `[show_auto_download]`).
    public var shows: [String: ShowSettings] = [:]

    public init() {}

    /// The show's own settings (none for nil or a show without any).
    public func show(_ slug: String?) -> ShowSettings {
        slug.flatMap { shows[$0] } ?? ShowSettings()
    }

    /// How a file is chosen among those a feed offers, for the show with slug `show`.
    public func mediaChoice(forShow show: String?) -> MediaChoice {
        let own = self.show(show)
        let limit = own.maxBitrate ?? maxBitrate
        return MediaChoice(formats: own.preferFormats ?? preferFormats, maxBitrate: limit > 0 ? limit * 1000 : nil)
    }

    /// True when downloads of the show with slug `show` are fetched twice, and what was inserted is left out.
    public func skipInserted(forShow show: String?) -> Bool {
        self.show(show).skipInserted ?? skipInserted
    }

    /// True when streams of the show with slug `show` are kept whole, fetched twice, and what was inserted is left out.
    public func skipInsertedStreams(forShow show: String?) -> Bool {
        self.show(show).skipInsertedStreams ?? skipInsertedStreams
    }

    /// The speed for the show with slug `show`.
    public func speed(forShow show: String?) -> Double {
        self.show(show).speed ?? speed
    }

    /// Which new episodes of the show with slug `show` `update` downloads: its own keys, else the general ones.
    public func downloadRule(forShow show: String) -> DownloadRule {
        let own = self.show(show)
        let shortest = own.downloadMinDuration ?? downloadMinDuration
        let longest = own.downloadMaxDuration ?? downloadMaxDuration
        return DownloadRule(
            count: own.autoDownload ?? autoDownload, include: own.downloadInclude ?? downloadInclude,
            exclude: own.downloadExclude ?? downloadExclude, minDuration: shortest > 0 ? shortest : nil,
            maxDuration: longest > 0 ? longest : nil)
    }

    /// The playlist the show's matching new episodes go to, and whether at its head; nil when none.
    public func autoAdd(forShow show: String) -> (playlist: String, atHead: Bool)? {
        let own = self.show(show)
        let name = own.autoAdd ?? autoAdd
        return name.isEmpty ? nil : (name, own.autoAddAtHead ?? autoAddAtHead)
    }

    /// Which downloads of the show with slug `show` are deleted: its own keys, else the general ones.
    public func retentionRule(forShow show: String) -> RetentionRule {
        let own = self.show(show)
        let after = own.deletePlayedAfter ?? deletePlayedAfter
        return RetentionRule(keep: own.retention ?? retention, deletePlayedAfter: after > 0 ? after : nil)
    }
}
