import Glibc

/// A look-ahead limiter that keeps every peak under a ceiling, between the samples too (the midpoints of a cubic
/// through four samples), with a gain that never jumps: the sliding minimum of the required gain over the look-ahead,
/// averaged over the look-ahead again. It delays the audio by `lookahead` + 1 frames.
///
/// A struct over buffers it shares with its copies, so that a loop can keep it in a local (a class's stored
/// properties are checked for exclusive access at every touch).
struct PeakLimiter {
    let channels: Int
    /// Frames of look-ahead: 3 ms.
    let lookahead: Int
    /// The ceiling, in sample units.
    let ceiling: Float
    /// 1 / `lookahead`, for the average (a multiplication costs less than a division, every frame).
    private let inverseLookahead: Float
    /// The share of the way back to unity gain taken each frame: a release of about 20 ms.
    let release: Float
    /// The gained input, a ring of `ringFrames` frames; the envelope's sliding-minimum queue of (frame, value), values
    /// rising from head to tail; the last `lookahead` minima, for their average.
    private let buffers: Buffers
    private let ringFrames: Int
    /// Frames taken in since the last reset.
    private(set) var taken = 0
    private var envelope: Float = 1
    private var minimumHead = 0
    private var minimumCount = 0
    private var minimaSum: Double
    /// Where the next minimum goes among the last `lookahead`: the frame's number modulo `lookahead`.
    private var slot = 0

    init(sampleRate: Int, channels: Int, ceiling: Float) {
        self.channels = channels
        self.ceiling = ceiling
        lookahead = max(8, sampleRate * 3 / 1000)
        inverseLookahead = 1 / Float(lookahead)
        release = 1 - Float(exp(-1 / (0.02 * Double(sampleRate))))
        var frames = 16
        while frames < lookahead + 8 { frames *= 2 }
        ringFrames = frames
        buffers = Buffers(ringFrames: frames, channels: channels, lookahead: lookahead)
        minimaSum = Double(lookahead)
    }

    /// Forgets the audio held.
    mutating func reset() {
        taken = 0
        envelope = 1
        minimumHead = 0
        minimumCount = 0
        buffers.minima.update(repeating: 1, count: lookahead)
        minimaSum = Double(lookahead)
        slot = 0
    }

    /// True when the limiter holds the gain at unity: nothing it holds needed limiting, and the two frames whose peaks
    /// it has not looked at yet are clear of the ceiling too.
    var isReleased: Bool {
        // Within a thousandth of a decibel of unity counts: the release only creeps the last of the way.
        guard envelope >= 0.9999, minimaSum >= Double(lookahead) * 0.9999 else { return false }
        let mask = ringFrames - 1
        for frame in max(0, taken - 2)..<taken {
            for channel in 0..<channels where abs(buffers.ring[(frame & mask) * channels + channel]) * 1.25 >= ceiling { return false }
        }
        return true
    }

    /// Puts a released limiter at unity exactly, before frames go through `pass`.
    mutating func settle() {
        envelope = 1
        minimumCount = 0
        buffers.minima.update(repeating: 1, count: lookahead)
        minimaSum = Double(lookahead)
    }

    /// What `take` does for a frame whose peaks (between samples too) are known to stay under the ceiling while
    /// the limiter is released (and settled): the delay alone.
    @inline(__always)
    mutating func pass(_ samples: UnsafeMutableBufferPointer<Int16>, frame: Int, factor: Float) {
        let ring = buffers.ring
        let mask = ringFrames - 1
        let now = taken
        let base = frame * channels
        let t = now - 1 - lookahead
        for channel in 0..<channels {
            ring[(now & mask) * channels + channel] = Float(samples[base + channel]) * factor
            samples[base + channel] = t >= 0 ? Self.sample(ring[(t & mask) * channels + channel]) : 0
        }
        taken += 1
    }

    /// Limits frames `start..<end` of `samples` in place, times a factor that moves by `step` a frame from `factor` (left
    /// where it ends); `loudest` is the largest sample among them. Far under the ceiling (a peak between samples is at
    /// most 1.25 times the larger sample beside it) the limiter only delays them.
    @inline(__always)
    mutating func limit(
        _ samples: UnsafeMutableBufferPointer<Int16>, from start: Int, to end: Int, factor: inout Float, step: Float, loudest: Float
    ) {
        if isReleased, loudest * max(factor, factor + step * Float(end - start)) * 1.25 < ceiling {
            settle()
            for frame in start..<end {
                factor += step
                pass(samples, frame: frame, factor: factor)
            }
        } else {
            for frame in start..<end {
                factor += step
                take(samples, frame: frame, factor: factor)
            }
        }
    }

    /// `value` rounded to the nearest 16-bit sample, clamped (without libm's `roundf`, which is a call).
    @inline(__always)
    static func sample(_ value: Float) -> Int16 {
        let clamped = max(-32_768, min(32_767, value))
        return Int16(clamped + (clamped < 0 ? -0.5 : 0.5))
    }

    /// Takes in frame `frame` of `samples` times `factor`, and writes in its place the frame that leaves the limiter now.
    @inline(__always)
    mutating func take(_ samples: UnsafeMutableBufferPointer<Int16>, frame: Int, factor: Float) {
        let (ring, minimumFrames, minimumValues, minima) = (buffers.ring, buffers.minimumFrames, buffers.minimumValues, buffers.minima)
        let mask = ringFrames - 1
        let now = taken
        let base = frame * channels
        for channel in 0..<channels {
            ring[(now & mask) * channels + channel] = Float(samples[base + channel]) * factor
        }
        taken += 1
        // The peak of frame k = now - 2, between the samples too.
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
        let required = peak > ceiling ? ceiling / peak : 1
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
        minimaSum += Double(least - minima[slot])
        minima[slot] = least
        slot = slot + 1 == lookahead ? 0 : slot + 1
        // Frame t leaves with the average of the minima of the frames t…t+lookahead-1, each of which is at most its own
        // envelope: never above what t requires, and smooth.
        let t = k - lookahead + 1
        let smoothed = Float(minimaSum) * inverseLookahead
        for channel in 0..<channels {
            samples[base + channel] = t >= 0 ? Self.sample(ring[(t & mask) * channels + channel] * smoothed) : 0
        }
    }

    /// The limiter's memory, freed with the last copy.
    private final class Buffers {
        let ring: UnsafeMutablePointer<Float>
        let minimumFrames: UnsafeMutablePointer<Int>
        let minimumValues: UnsafeMutablePointer<Float>
        let minima: UnsafeMutablePointer<Float>

        init(ringFrames: Int, channels: Int, lookahead: Int) {
            ring = .allocate(capacity: ringFrames * channels)
            ring.initialize(repeating: 0, count: ringFrames * channels)
            minimumFrames = .allocate(capacity: ringFrames)
            minimumFrames.initialize(repeating: 0, count: ringFrames)
            minimumValues = .allocate(capacity: ringFrames)
            minimumValues.initialize(repeating: 0, count: ringFrames)
            minima = .allocate(capacity: lookahead)
            minima.initialize(repeating: 1, count: lookahead)
        }

        deinit {
            ring.deallocate()
            minimumFrames.deallocate()
            minimumValues.deallocate()
            minima.deallocate()
        }
    }
}
