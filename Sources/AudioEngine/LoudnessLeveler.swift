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
    /// The limiter's release, as the share of the way back to unity gain taken each frame (about 80 ms).
    let release: Float

    /// Frames of look-ahead.
    let lookahead: Int
    /// The gained input, a ring of `ringFrames` frames.
    private var ring: [Float]
    private let ringFrames: Int
    /// Frames taken in since the last reset.
    private var taken = 0
    /// The limiter's envelope after release.
    private var envelope: Float = 1
    /// The sliding minimum of the envelope: a queue of (frame, value) with values rising from head to tail.
    private var minimumFrames: [Int]
    private var minimumValues: [Float]
    private var minimumHead = 0
    private var minimumCount = 0
    /// The last `lookahead` minima and their sum: the moving average that smooths the gain.
    private var minima: [Float]
    private var minimaSum: Double
    private var drained = false

    /// A leveler for `channels` channels at `sampleRate` aiming at `setting`.
    public init(sampleRate: Int, channels: Int, setting: LoudnessSetting) throws(AudioError) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.setting = setting
        lookahead = max(8, sampleRate * 3 / 1000)
        release = 1 - Float(exp(-1 / (0.02 * Double(sampleRate))))
        var frames = 16
        while frames < lookahead + 8 { frames *= 2 }
        ringFrames = frames
        ring = [Float](repeating: 0, count: frames * channels)
        minimumFrames = [Int](repeating: 0, count: frames)
        minimumValues = [Float](repeating: 0, count: frames)
        minima = [Float](repeating: 1, count: lookahead)
        minimaSum = Double(lookahead)
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
            if taken == 0 { gain = Self.gain(from: measured, to: setting.target) }
            meter = nil
        } else if meter == nil {
            meter = try? LoudnessMeter(sampleRate: sampleRate, channels: channels)
        }
    }

    /// Forgets the audio held (after a seek); the gain and the estimate stay.
    public func reset() {
        taken = 0
        envelope = 1
        minimumHead = 0
        minimumCount = 0
        for index in minima.indices { minima[index] = 1 }
        minimaSum = Double(lookahead)
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
        for frame in 0..<frames {
            factor += step
            take(samples, frame: frame, factor: factor)
        }
    }

    /// Writes what is still held (the last `lookahead` + 1 frames) to `samples`; returns the frames written, once.
    public func drain(into samples: UnsafeMutableBufferPointer<Int16>) -> Int {
        guard !drained else { return 0 }
        drained = true
        let frames = min(lookahead + 1, samples.count / channels, taken)
        for frame in 0..<frames {
            for channel in 0..<channels { samples[frame * channels + channel] = 0 }
            take(samples, frame: frame, factor: 0)
        }
        return frames
    }

    /// Takes in frame `frame` of `samples` times `factor`, and writes in its place the frame that leaves the limiter now.
    private func take(_ samples: UnsafeMutableBufferPointer<Int16>, frame: Int, factor: Float) {
        let mask = ringFrames - 1
        let now = taken
        let base = frame * channels
        for channel in 0..<channels {
            ring[(now & mask) * channels + channel] = Float(samples[base + channel]) * factor
        }
        taken += 1
        // The peak of frame k = now - 2, between the samples too (the midpoints of a cubic through four samples).
        let k = now - 2
        guard k >= 0 else {
            for channel in 0..<channels { samples[base + channel] = 0 }
            return
        }
        var peak: Float = 0
        for channel in 0..<channels {
            let a = k >= 2 ? ring[((k - 2) & mask) * channels + channel] : 0
            let b = k >= 1 ? ring[((k - 1) & mask) * channels + channel] : 0
            let c = ring[(k & mask) * channels + channel]
            let d = ring[((k + 1) & mask) * channels + channel]
            let e = ring[((k + 2) & mask) * channels + channel]
            let before = (9 * (b + c) - a - d) / 16
            let after = (9 * (c + d) - b - e) / 16
            peak = max(peak, abs(c), abs(before), abs(after))
        }
        let required = peak > Self.ceiling ? Self.ceiling / peak : 1
        envelope = min(required, envelope + (1 - envelope) * release)
        // The sliding minimum of the envelope over the last `lookahead` frames.
        while minimumCount > 0, minimumValues[(minimumHead + minimumCount - 1) & mask] >= envelope { minimumCount -= 1 }
        minimumFrames[(minimumHead + minimumCount) & mask] = k
        minimumValues[(minimumHead + minimumCount) & mask] = envelope
        minimumCount += 1
        while minimumFrames[minimumHead & mask] <= k - lookahead {
            minimumHead += 1
            minimumCount -= 1
        }
        let least = minimumValues[minimumHead & mask]
        let slot = k % lookahead
        minimaSum += Double(least - minima[slot])
        minima[slot] = least
        // Frame t leaves with the average of the minima of the frames t…t+lookahead-1, each of which is at most its own
        // envelope: never above what t requires, and smooth.
        let t = k - lookahead + 1
        let smoothed = Float(minimaSum / Double(lookahead))
        for channel in 0..<channels {
            let value = t >= 0 ? ring[(t & mask) * channels + channel] * smoothed : 0
            samples[base + channel] = Int16(max(-32768, min(32767, value.rounded())))
        }
    }
}
