import Glibc

/// What normalisation aims at: a target loudness, and the episode's own loudness when it was measured.
public struct LoudnessSetting: Sendable, Equatable {
    /// The integrated loudness to reach, in LUFS.
    public var target: Double
    /// The episode's integrated loudness, in LUFS; nil while unknown (a running estimate is used meanwhile).
    public var measured: Double?

    public init(target: Double, measured: Double? = nil) {
        self.target = target
        self.measured = measured
    }
}

/// Brings decoded audio to a target loudness: a gain from the episode's measured integrated loudness (until it is
/// known, from a running estimate), moving smoothly, and a look-ahead limiter that keeps every peak, between the
/// samples too, under -1 dBTP, so that a quiet episode raised by 15 dB never clips.
///
/// The limiter delays the audio by `lookahead` + 1 frames (about 3 ms): `process` writes in place what went in
/// that long before (silence at first), and `drain` gives what is still held at the end.
public final class LoudnessLeveler {
    public let channels: Int
    let sampleRate: Int
    public private(set) var setting: LoudnessSetting
    /// The running estimate, kept while the episode's loudness is not measured.
    private var meter: LoudnessMeter?
    /// The gain in force, in dB.
    public private(set) var gain: Double = 0
    /// The most a quiet episode is raised, or a loud one lowered, in dB.
    static let gainLimit = 24.0
    /// How fast the gain moves towards a new value, in dB a second.
    static let slew = 4.0
    /// The limiter's ceiling: -1 dBTP, less a margin for the peaks between samples that the interpolation misses.
    static let ceiling = Float(32_768 * pow(10, -1.5 / 20))
    /// The look-ahead true-peak limiter after the gain.
    private var limiter: PeakLimiter
    private var drained = false

    /// A leveler for `channels` channels at `sampleRate` aiming at `setting`.
    public init(sampleRate: Int, channels: Int, setting: LoudnessSetting) throws(AudioError) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.setting = setting
        limiter = PeakLimiter(sampleRate: sampleRate, channels: channels, ceiling: Self.ceiling)
        if let measured = setting.measured {
            gain = Self.gain(from: measured, to: setting.target)
        } else {
            meter = try LoudnessMeter(sampleRate: sampleRate, channels: channels)
        }
    }

    /// The gain that takes `loudness` to `target`, within the limit.
    static func gain(from loudness: Double, to target: Double) -> Double {
        min(gainLimit, max(-gainLimit, target - loudness))
    }

    /// Aims at `setting` from now on: a new target, or the episode's loudness now measured (the gain moves there smoothly).
    public func aim(at setting: LoudnessSetting) {
        self.setting = setting
        if let measured = setting.measured {
            // Before any audio went through, the gain starts where it belongs.
            if limiter.taken == 0 { gain = Self.gain(from: measured, to: setting.target) }
            meter = nil
        } else if meter == nil {
            meter = try? LoudnessMeter(sampleRate: sampleRate, channels: channels)
        }
    }

    /// Forgets the audio held (after a seek); the gain and the estimate stay.
    public func reset() {
        limiter.reset()
        drained = false
    }

    /// True once `drain` gave what was held.
    public var isDrained: Bool { drained }

    /// Levels the first `frames` frames of `samples` in place (they come out `lookahead` + 1 frames later).
    public func process(_ samples: UnsafeMutableBufferPointer<Int16>, frames: Int) {
        let wanted: Double
        if let measured = setting.measured {
            wanted = Self.gain(from: measured, to: setting.target)
        } else {
            meter?.add(UnsafeBufferPointer(rebasing: samples[0..<frames * channels]))
            wanted = meter?.integrated.map { Self.gain(from: $0, to: setting.target) } ?? gain
        }
        let most = Self.slew * Double(frames) / Double(sampleRate)
        let next = gain + min(most, max(-most, wanted - gain))
        var factor = Float(pow(10, gain / 20))
        let step = (Float(pow(10, next / 20)) - factor) / Float(max(1, frames))
        gain = next
        // The limiter's state in a local for the loop: a class's stored properties are checked for exclusive
        // access at every touch, which would cost more than the limiting itself.
        var limiter = self.limiter
        guard let base = samples.baseAddress else { return }
        let scratch = limiter.input
        // Much of speech is far under the ceiling: there the limiter only delays, block by block.
        var start = 0
        while start < frames {
            let end = min(frames, start + PeakLimiter.block)
            let (block, count) = (base + start * channels, (end - start) * channels)
            var loudest: Float = 0
            for index in 0..<count {
                let value = Float(block[index])
                loudest = max(loudest, abs(value))
                scratch[index] = value
            }
            limiter.limit(scratch, into: block, frames: end - start, factor: &factor, step: step, loudest: loudest)
            start = end
        }
        self.limiter = limiter
    }

    /// Frames of look-ahead.
    public var lookahead: Int { limiter.lookahead }

    /// Writes what is still held (the last `lookahead` + 1 frames) to `samples`; returns the frames written, once.
    public func drain(into samples: UnsafeMutableBufferPointer<Int16>) -> Int {
        guard !drained else { return 0 }
        drained = true
        var limiter = self.limiter
        let frames = min(limiter.lookahead + 1, samples.count / channels, limiter.taken)
        guard let base = samples.baseAddress, frames > 0 else { return 0 }
        limiter.drain(into: base, frames: frames, factor: 0)
        self.limiter = limiter
        return frames
    }
}
