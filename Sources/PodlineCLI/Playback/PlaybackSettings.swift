/// How a playback session behaves: resume, persistence and end-of-episode rules.
struct PlaybackSettings: Sendable {
    /// Seconds an episode is rewound when it resumes where it was left.
    var resumeRewind: Double = 2
    /// Within this many seconds of the end, an episode counts as played.
    var playedMargin: Double = 10
    /// Seconds between position saves while playing.
    var saveInterval: Double = 2
    /// Seconds the sleep timer fades out over.
    var sleepFade: Double = 3

    init() {}

    /// The settings the configuration file gives.
    init(_ settings: Settings) {
        resumeRewind = settings.rewindOnResume
        playedMargin = settings.playedMargin
    }

    /// The configuration file's settings, or the defaults when it cannot be read.
    static func configured() -> PlaybackSettings {
        (try? ConfigFile.load()).map { PlaybackSettings($0.settings) } ?? PlaybackSettings()
    }
}
