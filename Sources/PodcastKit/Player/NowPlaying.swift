/// An item the player can play: a library episode, a local file or a URL.
public struct NowPlaying: Equatable, Hashable, Sendable, Identifiable {
    /// Identity: the episode reference, else the file path or URL.
    public var id: String { ref ?? url }
    /// The library's stable reference, for library episodes.
    public var ref: String?
    public var title: String
    public var show: String?
    /// The show's author, for library episodes.
    public var author: String?
    /// The episode's picture, else its show's (a URL), for library episodes.
    public var image: String?
    /// A file path or an HTTP(S) URL.
    public var url: String
    /// Seconds, when known.
    public var duration: Double?
    /// Where to start, in seconds: nil resumes a library episode where it was left (0 for anything else).
    public var start: Double?
    /// Seconds to play before stopping, when limited (`--duration`).
    public var limit: Double?
    /// The speed asked for with this item (`--speed`); nil leaves it to the show's and the configured speed.
    public var speed: Double?
    /// Skip silence as asked with this item (`--skip-silence`, `--no-skip-silence`); nil leaves it to the settings.
    public var skipSilence: Bool?
    /// Normalisation as asked with this item (`--normalize`, `--no-normalize`); nil leaves it to the settings.
    public var normalize: Bool?
    /// Voice boost as asked with this item (`--voice-boost`, `--no-voice-boost`); nil leaves it to the settings.
    public var voiceBoost: Bool?
    /// The volume asked for with this item (`--volume`); nil leaves it to the show's, else as it is.
    public var volume: Double?
    /// True for a live stream (a feed's live item on air): it plays as it comes and nothing of it is saved.
    public var isLive = false
    /// A live item's reference (`live/SHOW/N`), for what is said of it.
    public var liveRef: String?
    /// What the library holds of a library episode (played, favourite), kept in step with the library's changes;
    /// nil for files and URLs.
    public var marks: EpisodeMarks?

    public init(
        ref: String? = nil, title: String, show: String? = nil, url: String, duration: Double? = nil,
        start: Double? = nil, limit: Double? = nil
    ) {
        self.ref = ref
        self.title = title
        self.show = show
        self.url = url
        self.duration = duration
        self.start = start
        self.limit = limit
    }

    /// The show's slug, for library episodes (the part of the reference before its number).
    public var showSlug: String? {
        guard let ref, let slash = ref.lastIndex(of: "/") else { return nil }
        return String(ref[..<slash])
    }

    /// True for http and https URLs.
    public var isRemote: Bool { url.hasPrefix("http://") || url.hasPrefix("https://") }
}

/// A library episode's listener marks as the player holds them: its id, played, favourite.
public struct EpisodeMarks: Equatable, Hashable, Sendable {
    public var episodeID: Int64?
    public var played: Bool
    public var favorite: Bool

    public init(episodeID: Int64?, played: Bool, favorite: Bool) {
        self.episodeID = episodeID
        self.played = played
        self.favorite = favorite
    }
}
