import Glibc

/// Shortens long pauses in decoded audio, leaving every sound as it was: no change of pitch or speed.
///
/// The audio is read in 10 ms blocks. A block is quiet when its level is more than `depth` dB under the speech
/// level, a peak follower of the block levels that falls by `fall` dB a second. A run of quiet blocks of at
/// least `minimumPause` keeps its first `keep` and its last `keep` seconds, joined by a crossfade of
/// `crossfade` seconds, so a pause of any length becomes about 0.3 s and nothing clicks; a shorter run is
/// left whole. Output lags input while a run is open, by the run's length (at most `minimumPause` plus a
/// second is held).
public final class SilenceSkipper {
    /// Interleaved channel count.
    public let channels: Int
    let sampleRate: Int
    /// Frames per block: 10 ms.
    let block: Int
    /// A quiet run this long or longer is shortened.
    let minimumPause: Int
    /// Frames kept at each end of a shortened pause.
    let keep: Int
    /// Frames over which the two kept ends are crossfaded.
    let crossfade: Int
    /// How far under the speech level a block must be to count as quiet, in dB.
    static let depth = 30.0
    /// How fast the speech level follower falls, in dB a second.
    static let fall = 1.0
    /// The length of a pause that is shortened, at least; and what each end keeps.
    public static let minimumPauseSeconds = 0.5
    static let keepSeconds = 0.15
    static let crossfadeSeconds = 0.02

    /// Input short of a whole block.
    private var partial: [Int16] = []
    /// Audio decided on, waiting to be pulled; `readyIndex` is the first sample not pulled yet.
    private var ready: [Int16] = []
    private var readyIndex = 0
    /// The quiet run being read: its start, and its end (the middle of a long run is dropped as it grows).
    private var quiet: [Int16] = []
    /// Frames of the run dropped from `quiet` so far.
    private var droppedInRun = 0
    /// The speech level follower, in dB.
    private var speechLevel = -120.0
    /// Frames handed out so far, counted from `start`: the output's position.
    public private(set) var outputPosition: Int
    /// Where each shortened pause was joined (an output position) and how many frames had been dropped in all by then.
    private var cuts: [(at: Int, dropped: Int)] = []
    /// Frames dropped from pauses in all.
    public private(set) var droppedFrames = 0
    /// True once `finish()` released what was held.
    public private(set) var isFinished = false

    /// A skipper for `channels` channels at `sampleRate`, starting at input frame `start`.
    public init(sampleRate: Int, channels: Int, start: Int = 0) {
        self.sampleRate = sampleRate
        self.channels = channels
        block = max(1, sampleRate / 100)
        minimumPause = Int(Self.minimumPauseSeconds * Double(sampleRate))
        keep = Int(Self.keepSeconds * Double(sampleRate))
        crossfade = max(1, Int(Self.crossfadeSeconds * Double(sampleRate)))
        outputPosition = start
    }

    /// The input frame that output position `position` came from: later than it by what was dropped before it.
    public func sourcePosition(of position: Double) -> Double {
        guard let cut = cuts.last(where: { Double($0.at) <= position }) else { return position }
        return position + Double(cut.dropped)
    }

    /// Appends decoded interleaved samples.
    public func push(_ samples: UnsafeBufferPointer<Int16>) {
        var index = 0
        let blockSamples = block * channels
        if !partial.isEmpty {
            let needed = min(blockSamples - partial.count, samples.count)
            partial.append(contentsOf: samples[0..<needed])
            index = needed
            if partial.count == blockSamples {
                let whole = partial
                partial.removeAll(keepingCapacity: true)
                whole.withUnsafeBufferPointer { take(UnsafeBufferPointer(rebasing: $0[0..<blockSamples])) }
            }
        }
        while index + blockSamples <= samples.count {
            take(UnsafeBufferPointer(rebasing: samples[index..<index + blockSamples]))
            index += blockSamples
        }
        if index < samples.count { partial.append(contentsOf: samples[index...]) }
    }

    /// Ends the input: what is held (an open pause, a part block) becomes ready.
    public func finish() {
        guard !isFinished else { return }
        isFinished = true
        endQuietRun()
        ready.append(contentsOf: partial)
        partial.removeAll()
    }

    /// Writes up to `maxFrames` ready frames to `output`; returns the frames written.
    public func pull(into output: UnsafeMutableBufferPointer<Int16>, maxFrames: Int) -> Int {
        let available = (ready.count - readyIndex) / channels
        let frames = min(available, maxFrames, output.count / channels)
        guard frames > 0 else { return 0 }
        let count = frames * channels
        ready.withUnsafeBufferPointer { source in
            output.baseAddress!.update(from: source.baseAddress! + readyIndex, count: count)
        }
        readyIndex += count
        outputPosition += frames
        if readyIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
        } else if readyIndex > 65_536 {
            ready.removeFirst(readyIndex)
            readyIndex = 0
        }
        return frames
    }

    /// Classifies one whole block and moves it on.
    private func take(_ samples: UnsafeBufferPointer<Int16>) {
        var energy = 0.0
        for sample in samples {
            let value = Double(sample)
            energy += value * value
        }
        let level = energy > 0 ? 10 * log10(energy / Double(samples.count)) - 90.309 : -200  // dB under full scale (32768²)
        speechLevel = max(level, speechLevel - Self.fall * Double(block) / Double(sampleRate))
        if level < speechLevel - Self.depth {
            quiet.append(contentsOf: samples)
            let held = quiet.count / channels
            // A run past the minimum will be shortened: its middle can go now, keeping memory bounded.
            if held > minimumPause + sampleRate {
                let from = (keep + crossfade) * channels
                let to = quiet.count - (keep + crossfade) * channels
                quiet.removeSubrange(from..<to)
                droppedInRun += (to - from) / channels
            }
        } else {
            endQuietRun()
            ready.append(contentsOf: samples)
        }
    }

    /// The quiet run ended: left whole when short, else shortened to its two ends crossfaded.
    private func endQuietRun() {
        defer {
            quiet.removeAll(keepingCapacity: true)
            droppedInRun = 0
        }
        let held = quiet.count / channels
        guard held + droppedInRun >= minimumPause else {
            ready.append(contentsOf: quiet)
            return
        }
        let joinedAt = outputPosition + (ready.count - readyIndex) / channels + keep
        ready.append(contentsOf: quiet[0..<keep * channels])
        let fadeOut = keep * channels
        let fadeIn = (held - keep - crossfade) * channels
        for frame in 0..<crossfade {
            let weight = Double(frame) / Double(crossfade)
            for channel in 0..<channels {
                let out = Double(quiet[fadeOut + frame * channels + channel])
                let into = Double(quiet[fadeIn + frame * channels + channel])
                ready.append(Int16((out * (1 - weight) + into * weight).rounded()))
            }
        }
        ready.append(contentsOf: quiet[(held - keep) * channels..<held * channels])
        let dropped = held + droppedInRun - 2 * keep - crossfade
        droppedFrames += dropped
        cuts.append((joinedAt, droppedFrames))
        if cuts.count > 512 { cuts.removeFirst(256) }
    }
}
