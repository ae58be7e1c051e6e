import Foundation
import Observation

/// The player's model: the single source of truth that commands write and observers act on.
///
/// Command handlers only change these properties (through bindings such as `$player.isPlaying`);
/// the playback coordinator watches them and drives the audio engine.
@Observable
@MainActor
public final class Player {
    /// Playing, paused or stopped.
    public var state: PlayState = .stopped
    /// The episode loaded, if any.
    public var current: NowPlaying?
    /// Seconds into the current episode, as the engine last reported.
    public var position: Double = 0
    /// Seconds in the current episode, when known.
    public var duration: Double?
    /// Listener volume, 0–100.
    public var volume: Double = 100
    /// Playback speed, 0.5–3.0, pitch preserved.
    public var speed: Double = 1
    /// Whether long pauses are shortened (skip silence).
    public var skipSilence = false
    /// Whether the loudness is evened out to the target (normalisation).
    public var normalize = false
    /// Whether voices are boosted: speech equalised, quiet voices brought up to loud ones.
    public var voiceBoost = false
    /// The current episode's integrated loudness in LUFS, once measured (normalisation aims from it).
    public var loudness: Double?
    /// Seconds of the current episode left out by skipping silence so far.
    public var timeSaved: Double = 0
    /// What plays next, in order.
    public var queue: [NowPlaying] = []
    /// The stretch playback left out last (`skip_chapters`, `skip_inserted`); nil until one is.
    public var skipped: SkippedStretch?
    /// When playback will stop by itself.
    public var sleep: SleepTimer?
    /// The latest position request, for the coordinator to carry out.
    public private(set) var seekRequest: SeekRequest?
    /// Why the last episode ended.
    public var lastEnd: EndReason?
    /// The last playback error, worded for one line.
    public var lastError: String?
    /// The current episode's chapters and their source (set by the coordinator when an episode starts).
    public var chapters: ChapterList = .none
    /// The current episode's timed transcript, in order (loaded while `showsCue` is on, or when one is fetched).
    public var transcript: [TranscriptCue] = []
    /// The stretches a second fetch of the stream playing lacked, once the two were compared (`skip_inserted_streams`);
    /// none before, and for each new stream (another fetch has its own).
    public var insertedInStream: [ClosedRange<Double>] = []
    /// Streams opened so far: tells one fetch of an episode from the next.
    public internal(set) var streamsOpened = 0
    /// Whether the now-playing line shows the cue being heard, under the status (`cue on`).
    public var showsCue = false
    /// Whether the sound output works: false while the sound server is gone (the player waits for it, and goes on).
    public var outputAvailable = true
    /// How far the download of a stream that must be fetched before it plays has got (a server that sends no part of
    /// a file, an index at the end); nil otherwise.
    public var fetching: Fetching?
    /// How far a stream that ran dry has refilled (0–1) while the player holds its clock; nil while it plays on.
    public var buffering: Double?
    /// The output asked for by `play --output` (the driver's text, as `--output` takes it); nil for the configured one.
    public var output: String?
    /// True while a live stream plays: it has no duration and no place to seek to, and no position of it is kept.
    public var isLive = false

    /// Allowed volume range.
    nonisolated public static let volumeRange: ClosedRange<Double> = 0...100
    /// Allowed speed range.
    nonisolated public static let speedRange: ClosedRange<Double> = 0.5...3.0

    public init() {}

    /// The state as status, events and the now-playing line show it: `buffering` while playing waits for a stream.
    public var shownState: String {
        state == .playing && buffering != nil ? "buffering" : state.rawValue
    }

    /// True while playing; writing it pauses or resumes (the seeds' `isPlaying`).
    public var isPlaying: Bool {
        get { state == .playing }
        set {
            guard current != nil else { return }
            state = newValue ? .playing : .paused
        }
    }

    /// Asks for the position `seconds` into the episode (clamped at 0).
    public func seek(to seconds: Double) {
        seekRequest = SeekRequest(serial: (seekRequest?.serial ?? 0) + 1, seconds: max(0, seconds), isRelative: false)
    }

    /// Asks for the position moved by `offset` seconds.
    public func seek(by offset: Double) {
        seekRequest = SeekRequest(serial: (seekRequest?.serial ?? 0) + 1, seconds: offset, isRelative: true)
    }

    /// Starts `item` from `position` (or resumes where the coordinator decides); an episode it replaces ends for `next`.
    public func load(_ item: NowPlaying, at position: Double = 0) {
        if current != nil { lastEnd = .next }
        start(item, at: position)
    }

    private func start(_ item: NowPlaying, at position: Double = 0) {
        seekRequest = nil
        chapters = .none
        transcript = []
        timeSaved = 0
        loudness = nil
        current = item
        isLive = item.isLive
        duration = item.isLive ? nil : item.duration
        self.position = position
        lastError = nil
        buffering = nil
        state = .playing
    }

    /// Ends the current episode for `reason` and moves to the next queued one, if any.
    public func advance(because reason: EndReason) {
        lastEnd = reason
        if reason == .eof, sleep == .endOfEpisode {
            sleep = nil
            stop(reason: reason)
            return
        }
        if !queue.isEmpty, reason != .stop {
            start(queue.removeFirst())
        } else {
            stop(reason: reason)
        }
    }

    /// Stops playback and unloads the episode (its chapters with it).
    public func stop(reason: EndReason = .stop) {
        lastEnd = reason
        state = .stopped
        current = nil
        isLive = false
        position = 0
        duration = nil
        chapters = .none
        buffering = nil
    }
}
