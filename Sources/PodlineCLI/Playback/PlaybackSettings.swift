import PodcastKit

/// How a playback session behaves: resume, persistence, speeds and end-of-episode rules, all from the settings.
struct PlaybackSettings: Sendable {
    /// Seconds an episode is rewound when it resumes where it was left.
    var resumeRewind: Double
    /// Within this many seconds of the end, an episode counts as played.
    var playedMargin: Double
    /// Seconds between position saves while playing.
    var saveInterval: Double = 2
    /// Seconds the sleep timer fades out over.
    var sleepFade: Double = 3
    /// The configured speeds: the show's own, else the general one.
    var speeds: Settings

    /// The settings the configuration gives (the built-in defaults where it says nothing).
    init(_ settings: Settings = Settings()) {
        resumeRewind = settings.rewindOnResume
        playedMargin = settings.playedMargin
        speeds = settings
    }

    /// The speed an item starts at: its own (`--speed`), else its show's, else the configured one.
    func speed(for item: NowPlaying) -> Double {
        item.speed ?? speeds.speed(forShow: item.showSlug)
    }
}
