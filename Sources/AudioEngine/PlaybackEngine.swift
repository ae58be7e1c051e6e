import Foundation

/// Decodes and plays one episode at a time on its own thread, taking commands and reporting events.
///
/// Output to a device without a queue of its own is written in chunks of about 23 ms, so a pause or a
/// seek takes effect within one chunk. A PulseAudio stream queues a second, so the engine wakes a few
/// times a second; what it has not played yet is taken back and written again when the listener
/// pauses, seeks or changes the volume or the speed, so those are heard at once too. Volume and
/// play-state changes ramp rather than jump.
///
/// The engine's thread does the work in extensions by job: commands (`+Commands`), an episode's opening and end
/// (`+Episode`), one step of decoding and writing (`+Step`), a stream's bytes (`+Stream`, `+Refill`), the device's
/// queue (`+Output`) and moves (`+Seek`).
public final class PlaybackEngine: @unchecked Sendable {
    let mailbox = EngineMailbox()
    var outputSpec: OutputSpec
    let report: @Sendable (EngineEvent) -> Void
    private var thread: Thread?

    // Engine-thread state.
    var decoder: (any AudioDecoder)?
    var stream: ByteStream?
    var output: (any AudioDevice)?
    /// What was written to a device that can take back its queue, for rewriting; nil for other devices.
    var written: WrittenAudio?
    /// Audio taken back from the device, written again before anything new is decoded.
    var replay: [AudioPiece] = []
    /// The leveler, the silence skipper and the time-stretcher, with the settings they follow.
    let stages = ListeningStages()
    /// The frames dropped from pauses as last reported.
    var reportedDropped = 0
    var ramp = VolumeRamp(gain: 1)
    var volumeGain = 1.0
    var playing = false
    var pausePending = false
    var lastReport: UInt64 = 0
    /// The chunk buffer, reused from step to step.
    var pcm: [Int16] = []
    var streamEnded = false
    /// Which part of a file output is being written: it moves on when the audio's format changes.
    var outputPart = 1
    var sniffed = false
    var outputRetryAt: Date?
    /// When a paused output's queue will have been heard, so that it can be suspended (nil: nothing to suspend).
    var suspendOutputAt: Date?
    var running = true
    /// Whether the output was lost and has not come back yet (reported once).
    var outputLost = false
    var hasPlayedAnything = false
    /// What the output last said it had not played yet, in frames.
    var lastUnplayed = 0
    /// Where a stream starts, applied once its format is known.
    var streamStart = 0.0
    /// Output frames still allowed by a duration limit.
    var framesLeft: Int?
    /// The duration limit of the episode, in seconds.
    var limitSeconds: Double?
    /// Where in the episode the duration limit ended it, once the last chunk was cut there.
    var limitEnd: Double?
    /// Seconds before its end that an episode ends (its outro skipped).
    var endEarly = 0.0
    /// Stretches of the episode left out (chapters the listener skips), kept from one episode to the next until replaced.
    var skips: [SkipRange] = []
    /// The refill of a stream that ran dry; nil while it plays.
    var refill: StreamRefill?
    /// The refill's progress last reported.
    var lastRefillReport = 0.0
    /// When the stream was opened (uptime nanoseconds), to tell how fast it arrives.
    var streamOpened: UInt64 = 0
    /// Whether the episode's stream was said to arrive slower than it plays.
    var saidSlow = false
    /// Whether the episode has written audio yet.
    var episodeWrote = false

    /// Frames written per chunk to a live device: about 23 ms, so commands act at once.
    public static let chunkFrames = 1024
    /// Seconds ahead of the decoder within which a move in a streamed MP3 reads its way there (exact to the sample)
    /// rather than asking the server for the place estimated from its frames' size (a constant bit rate: within a frame
    /// or so) or its table of contents (a varying one: within 0.4 % of the file).
    static let readThroughSeconds = 30.0
    /// Nanoseconds between position reports while playing (a test asks for one after every chunk).
    var reportInterval: UInt64 = 250_000_000
    /// Frames per chunk for this output: file outputs have no listener waiting, and a device that can
    /// take back its queue needs no small steps to be quick, so both take larger ones.
    var chunkFrames: Int {
        if outputSpec.isFile { return 16_384 }
        return output?.canTakeBack == true ? 8192 : Self.chunkFrames
    }

    /// An engine that plays to `output` and calls `report` (on its own thread) with what happens.
    public init(output: OutputSpec, report: @escaping @Sendable (EngineEvent) -> Void) {
        outputSpec = output
        self.report = report
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "podline-engine"
        thread.qualityOfService = .userInteractive
        self.thread = thread
        thread.start()
    }

    /// Opens `source` and plays it from `start` seconds (or holds it paused).
    public func load(_ source: EngineSource, start: Double = 0, paused: Bool = false, limit: Double? = nil) {
        mailbox.send(.load(source, start: start, paused: paused, limit: limit))
    }
    /// Pauses, fading out over `fade` seconds (a short ramp when 0).
    public func pause(fade: Double = 0) { mailbox.send(.pause(fade: fade)) }
    /// Resumes, fading in over `fade` seconds (a short ramp when 0).
    public func resume(fade: Double = 0) { mailbox.send(.resume(fade: fade)) }
    /// Stops the episode, reporting `reason`.
    public func stop(reason: EngineEndReason = .stop) { mailbox.send(.stop(reason)) }
    /// Moves to `seconds`, or by `seconds` when `relative`.
    public func seek(_ seconds: Double, relative: Bool = false) { mailbox.send(.seek(seconds, relative: relative)) }
    /// Sets the volume (0–100) over `fade` seconds (a short ramp when 0).
    public func setVolume(_ volume: Double, fade: Double = 0) { mailbox.send(.volume(volume, fade: fade)) }
    /// Sets the speed (0.5–3.0), pitch preserved.
    public func setSpeed(_ speed: Double) { mailbox.send(.speed(speed)) }
    /// Turns the shortening of long pauses on or off (heard at once for a file, from new audio for a stream).
    public func setSkipSilence(_ on: Bool) { mailbox.send(.skipSilence(on)) }
    /// Ends the episodes loaded from now on `seconds` before their end, as if they had played to it (0: at the end).
    public func setEndEarly(_ seconds: Double) { mailbox.send(.endEarly(seconds)) }

    /// Leaves these stretches of the episode out, to the frame, from the next chunk on (they stay for the next episode
    /// until replaced: the owner sets them before it loads one).
    public func setSkips(_ ranges: [SkipRange]) { mailbox.send(.skips(ranges)) }
    /// Evens out the loudness as `setting` says, or stops (nil); a new measured loudness is moved to smoothly. Sent
    /// before `load`, it holds for the episode loaded from its first frame.
    public func setLoudness(_ setting: LoudnessSetting?) { mailbox.send(.loudness(setting)) }
    /// Boosts voices (quiet ones brought up to loud ones), or stops. Sent before `load`, it holds for the episode loaded
    /// from its first frame.
    public func setVoiceBoost(_ on: Bool) { mailbox.send(.voiceBoost(on)) }

    /// Plays from now on through `spec`: what the old output had not played yet is written to the new one.
    public func setOutput(_ spec: OutputSpec) { mailbox.send(.output(spec)) }

    /// Stops playing and ends the thread; waits for it.
    public func shutdown() {
        mailbox.send(.shutdown)
        while thread?.isFinished == false { usleep(2_000) }
    }

    /// The engine thread's loop: commands first, then one step while an episode plays. Idle, the thread sleeps until a
    /// command comes (a paused player wakes nothing); only an output to open again is looked at now and then.
    private func run() {
        while running {
            let idle = !playing || decoder == nil
            let wakeAt = outputRetryAt.map { _ in Date().addingTimeInterval(0.05) } ?? suspendOutputAt
            for command in mailbox.take(waiting: idle, until: wakeAt) { handle(command) }
            suspendOutputIfHeard()
            guard running, playing, decoder != nil else { continue }
            step()
        }
        closeEpisode()
        setDevice(nil)
    }
}
