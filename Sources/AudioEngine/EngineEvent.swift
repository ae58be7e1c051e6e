/// What the engine reports back to its owner, from its own thread.
public enum EngineEvent: Sendable, Equatable {
    /// A load was taken: what the engine reports from here on is of the episode it loaded (the first event of each
    /// load, before `started` or the `ended` of one that could not be opened).
    case loaded
    /// An episode was opened; its duration in seconds when known.
    case started(duration: Double?)
    /// The play position, in seconds of the episode, about ten times a second while playing.
    case position(Double)
    /// Seconds of the episode left out by skipping silence since it was opened (reported as it grows).
    case timeSaved(Double)
    /// A stretch to leave out was reached and left out: playback goes on at its end.
    case skipped(SkipRange)
    /// A requested pause (after its fade) has taken effect.
    case paused
    /// Playback of the episode ended.
    case ended(EngineEndReason, error: AudioError?)
    /// The output failed while playing (the sound server went away): the engine holds the audio and tries it again
    /// until it returns. Reported once per loss, with why.
    case outputLost(String)
    /// The output failed and was opened again.
    case outputReopened
    /// A stream from a server that sends no part of a file, whose index is at its end, is downloaded before it plays:
    /// the bytes so far and the whole length, when known (reported every percent or so).
    case fetching(received: Int, total: Int?)
    /// A stream ran dry and the output with it: the engine holds the clock while it refills, and says how far the
    /// refill has got (0–1); nil when it plays on.
    case buffering(Double?)
    /// A stream arrives slower than it plays (bytes a second each way): reported once an episode, at its first refill.
    case slowStream(arriving: Double, playing: Double)
}

/// Why the engine stopped an episode.
public enum EngineEndReason: String, Sendable {
    case eof, stop, next, error
}
