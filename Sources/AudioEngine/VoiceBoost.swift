import Glibc

/// Voice boost: a speech-band equaliser (rumble cut below 80 Hz, presence lifted around 3 kHz), a level rider that
/// looks ahead and brings quiet voices up to loud ones (a quiet guest on a phone line to the host's level), and the
/// true-peak limiter, so that nothing clips at -1 dBTP. Normalising, when on, comes after it.
///
/// The rider measures the equalised audio's momentary level (about 300 ms), keeps a reference that follows the loud
/// voice's level up at once and down only slowly, and raises what is under it towards it, never more than 24 dB. It
/// works in blocks of 256 frames, each block's gain set before any of it is let out (so it looks a block ahead, and the
/// limiter's 3 ms more). It holds its gain through pauses (the noise floor is never raised to a voice's level),
/// lowers it within milliseconds and raises it over a few hundred. The audio comes out `latency` frames after it went
/// in: `process` leaves out the first `latency` frames it would give (silence), and `drain` gives what is held at the
/// end, so that nothing is added or lost.
final class VoiceBoost {
    let channels: Int
    let sampleRate: Int
    /// The most the rider raises a quiet voice, in dB.
    static let mostRaise = 24.0
    /// Frames measured at a time: the gain moves once a block, and a block's gain is set before it is let out (a block of
    /// the limiter's input).
    static let block = PeakLimiter.block
    /// The equaliser's output is scaled by this (-3 dB) so that its lift never clips before the rider's gain.
    private static let headroom: Float = 0.708

    private var equaliser: [SpeechEqualiser]
    private var limiter: PeakLimiter
    /// The level's mean square (summed over the channels), smoothed; the noise floor's and the reference's levels in dB.
    private var power = 0.0
    private var floor = -70.0
    private var reference: Double?
    /// The gain in force, in dB, and as a factor where the last block ended.
    private var gain = 0.0
    private var factor: Float = 1
    /// Frames still to leave out at the start: the silence the look-ahead and the limiter begin with.
    private var preroll: Int
    private let times: (power: Double, attack: Double, release: Double, rise: Double)
    private var drained = false

    init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        equaliser = (0..<channels).map { _ in SpeechEqualiser(sampleRate: Double(sampleRate)) }
        limiter = PeakLimiter(sampleRate: sampleRate, channels: channels, ceiling: LoudnessLeveler.ceiling)
        preroll = limiter.lookahead + 1
        let rate = Double(sampleRate)
        times = (power: 0.3 * rate, attack: 0.02 * rate, release: 0.25 * rate, rise: 0.5 * rate)
    }

    /// Forgets the audio held (after a seek); the gain, the floor and the reference stay.
    func reset() {
        limiter.reset()
        drained = false
        preroll = latency
        for index in equaliser.indices { equaliser[index].reset() }
    }

    /// True once `drain` gave what was held.
    var isDrained: Bool { drained }

    /// Frames held inside: the limiter's look-ahead.
    var latency: Int { limiter.lookahead + 1 }

    /// Boosts the first `frames` frames of `samples` in place (they come out `latency` frames later); returns the
    /// frames given, at the start of `samples` (fewer than `frames` at first, while the silence held is left out).
    func process(_ samples: UnsafeMutableBufferPointer<Int16>, frames: Int) -> Int {
        var start = 0
        while start < frames {
            let end = min(frames, start + Self.block)
            block(samples, from: start, to: end)
            start = end
        }
        guard preroll > 0 else { return frames }
        let left = min(preroll, frames)
        preroll -= left
        if left < frames, let base = samples.baseAddress {
            base.update(from: base + left * channels, count: (frames - left) * channels)
        }
        return frames - left
    }

    /// One block: equalised, measured, and sent through the limiter at the gain the measure gives.
    private func block(_ samples: UnsafeMutableBufferPointer<Int16>, from start: Int, to end: Int) {
        guard let base = samples.baseAddress else { return }
        // The equalised block goes where the limiter takes its input.
        let (count, channels, equalised) = (end &- start, self.channels, limiter.input)
        let input = base + start &* channels
        var sum: Float = 0
        var loudest: Float = 0
        for channel in 0..<channels {
            var filter = equaliser[channel]
            var index = channel
            for _ in 0..<count {
                let value = filter.run(Float(input[index])) * Self.headroom
                sum += value * value
                loudest = max(loudest, abs(value))
                equalised[index] = value
                index &+= channels
            }
            filter.flushTiny()
            equaliser[channel] = filter
        }
        ride(meanSquare: Double(sum) / Double(count), frames: count)
        let next = Float(pow(10, gain / 20))
        // Locals for the loops: a class's stored properties are checked for exclusive access at every touch.
        var factor = self.factor
        let step = (next - factor) / Float(count)
        var limiter = self.limiter
        limiter.limit(equalised, into: input, frames: count, factor: &factor, step: step, loudest: loudest)
        self.factor = next
        self.limiter = limiter
    }

    /// Moves the gain for a block of `frames` frames whose mean square (summed over the channels) is `meanSquare`.
    private func ride(meanSquare: Double, frames: Int) {
        let share = { (time: Double) in 1 - exp(-Double(frames) / time) }
        power += (meanSquare - power) * share(times.power)
        let decibels = { (value: Double) in 10 * log10(max(value, 1e-3) / (32_768.0 * 32_768.0)) }
        let level = decibels(power)
        // The floor follows the quietest blocks down at once and creeps up 1.5 dB a second; what is not well above it
        // is not speech, and the gain and the reference hold.
        floor = min(decibels(meanSquare), floor + 1.5 * Double(frames) / Double(sampleRate))
        guard level > max(floor + 9, -70) else { return }
        // The reference: up towards a louder voice within half a second, down 0.2 dB a second.
        var reference = self.reference ?? level
        if level > reference {
            reference += (level - reference) * share(times.rise)
        } else {
            reference -= 0.2 * Double(frames) / Double(sampleRate)
        }
        self.reference = reference
        let wanted = min(Self.mostRaise, max(0, reference - level))
        gain += (wanted - gain) * share(wanted < gain ? times.attack : times.release)
    }

    /// Writes what is still held to `samples` (silence pushed through the limiter, at the gain in force); returns the
    /// frames written, once: less the silence still to leave out when the input was shorter than the limiter's delay.
    func drain(into samples: UnsafeMutableBufferPointer<Int16>) -> Int {
        guard !drained else { return 0 }
        drained = true
        var out = [Int16](repeating: 0, count: latency * channels)
        var limiter = self.limiter
        out.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            limiter.drain(into: base, frames: latency, factor: factor)
        }
        self.limiter = limiter
        let skip = preroll
        preroll = 0
        let frames = min(latency - skip, samples.count / channels)
        for index in 0..<frames * channels { samples[index] = out[skip * channels + index] }
        return frames
    }
}

/// One channel's speech equaliser: a first-order high-pass at 80 Hz, then a peaking filter of +6 dB at 3 kHz (the
/// Audio EQ Cookbook's, Q 0.8).
struct SpeechEqualiser {
    private let highPass: Float
    private let (b0, b1, b2, a1, a2): (Float, Float, Float, Float, Float)
    private var (lastIn, lastOut): (Float, Float) = (0, 0)
    private var (z1, z2): (Float, Float) = (0, 0)

    init(sampleRate: Double) {
        let rc = 1 / (2 * Double.pi * 80)
        highPass = Float(rc / (rc + 1 / sampleRate))
        let amplitude = pow(10, 6.0 / 40)
        let omega = 2 * Double.pi * 3_000 / sampleRate
        let alpha = sin(omega) / (2 * 0.8)
        let a0 = 1 + alpha / amplitude
        b0 = Float((1 + alpha * amplitude) / a0)
        b1 = Float(-2 * cos(omega) / a0)
        b2 = Float((1 - alpha * amplitude) / a0)
        a1 = b1
        a2 = Float((1 - alpha / amplitude) / a0)
    }

    mutating func reset() {
        (lastIn, lastOut, z1, z2) = (0, 0, 0, 0)
    }

    /// Sets states decayed to nothing to zero: after a long silence they would become subnormal, slow on every CPU.
    mutating func flushTiny() {
        if abs(lastOut) < 1e-6 { lastOut = 0 }
        if abs(z1) < 1e-6 { z1 = 0 }
        if abs(z2) < 1e-6 { z2 = 0 }
    }

    /// The next sample through both filters.
    @inline(__always)
    mutating func run(_ x: Float) -> Float {
        let high = highPass * (lastOut + x - lastIn)
        lastIn = x
        lastOut = high
        // Transposed direct form II, each sum ordered so that the path from one output to the next is short (the
        // filter waits on that path, sample after sample).
        let y = b0 * high + z1
        z1 = (b1 * high + z2) - a1 * y
        z2 = b2 * high - a2 * y
        return y
    }
}
