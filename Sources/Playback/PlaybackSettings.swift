import Foundation
import PodcastKit
import Synchronization

/// How a playback session behaves: resume, persistence, speeds and end-of-episode rules, all from the settings.
struct PlaybackSettings: Sendable {
    /// Seconds between position saves while playing.
    var saveInterval: Double = 2
    /// Seconds the sleep timer fades out over.
    var sleepFade: Double = 3
    /// Whether an episode's loudness is measured before it plays, when not known (a file output, which is written
    /// faster than real time); else it is measured while it plays.
    var measuresBeforePlaying = false
    /// Whether the output takes the audio as fast as it is made (a file, or `null` with `--fast`): position reports
    /// then come seconds apart, and only a seek moves the position without listening.
    var rendersFast = false
    /// The configured settings, shared by every copy: `update` replaces them for all.
    private let current: CurrentSettings

    /// The settings the configuration gives (the built-in defaults where it says nothing).
    init(_ settings: Settings = Settings()) {
        current = CurrentSettings(settings)
    }

    /// The configured settings: the general ones and each show's own.
    var settings: Settings { current.value }
    /// Seconds an episode is rewound when it resumes where it was left.
    var resumeRewind: Double { settings.rewindOnResume }
    /// Within this many seconds of the end, an episode counts as played.
    var playedMargin: Double { settings.playedMargin }
    /// The integrated loudness normalisation reaches, in LUFS.
    var loudnessTarget: Double { settings.loudnessTarget }

    /// Replaces the settings (config.toml was written), for episodes started from now on.
    func update(_ settings: Settings) {
        current.value = settings
    }

    /// How `item` is listened to: what was asked with it (flags), else its show's settings, else the general ones.
    func listening(for item: NowPlaying) -> Listening {
        let show = settings.show(item.showSlug)
        return Listening(
            speed: item.speed ?? show.speed ?? settings.speed,
            skipSilence: item.skipSilence ?? show.skipSilence ?? settings.skipSilence,
            normalize: item.normalize ?? show.normalize ?? settings.normalize,
            voiceBoost: item.voiceBoost ?? show.voiceBoost ?? settings.voiceBoost,
            volume: item.volume ?? show.volume, skipIntro: show.skipIntro, skipOutro: show.skipOutro,
            skipChapters: show.skipChapters ?? settings.skipChapters, skipPhrases: show.skipPhrases ?? settings.skipPhrases,
            skipInserted: settings.skipInserted(forShow: item.showSlug),
            skipInsertedStreams: settings.skipInsertedStreams(forShow: item.showSlug))
    }
}

/// How one episode is listened to, settled when it starts.
struct Listening: Equatable, Sendable {
    var speed: Double
    var skipSilence: Bool
    var normalize: Bool
    var voiceBoost: Bool
    /// The volume it starts at; nil leaves the volume as it is.
    var volume: Double?
    /// Where it starts when new, in seconds.
    var skipIntro: Double?
    /// How long before its end it stops, counting as played.
    var skipOutro: Double?
    /// Patterns of the titles of chapters left out.
    var skipChapters: [String] = []
    /// Phrases whose transcript cues are left out.
    var skipPhrases: [String] = []
    /// True when the stretches a second fetch of its download lacked are left out.
    var skipInserted = false
    /// True when it is streamed kept whole, compared with a second fetch, and the stretches that one lacked are left out.
    var skipInsertedStreams = false
}

/// Settings shared by the copies of a `PlaybackSettings`, safe to replace from any thread.
private final class CurrentSettings: Sendable {
    private let settings: Mutex<Settings>

    init(_ settings: Settings) { self.settings = Mutex(settings) }

    var value: Settings {
        get { settings.withLock { $0 } }
        set { settings.withLock { $0 = newValue } }
    }
}
