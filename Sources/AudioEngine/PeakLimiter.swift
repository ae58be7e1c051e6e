import Glibc

/// A look-ahead limiter that keeps every peak under a ceiling, between the samples too (the midpoints of a cubic
/// through four samples), with a gain that never jumps: the sliding minimum of the required gain over the look-ahead,
/// averaged over the look-ahead again. It takes floating-point frames, block by block, and gives 16-bit ones
/// `lookahead` + 1 frames later.
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
    /// The gained input, a ring of `ringFrames` frames (zero where nothing was taken in since the last reset); the
    /// envelope's sliding-minimum queue of (frame, value), values rising from head to tail; the last `lookahead` minima,
    /// for their average; each channel's midpoint after the frame whose peak was looked at last.
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
        buffers = Buffers(
            ringFrames: frames, channels: channels, lookahead: lookahead, inputFrames: max(Self.block, lookahead + 1))
        minimaSum = Double(lookahead)
    }

    /// Forgets the audio held.
    mutating func reset() {
        taken = 0
        buffers.ring.update(repeating: 0, count: ringFrames * channels)
        settle()
        minimumHead = 0
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

    /// Puts a released limiter at unity exactly, before frames go through `delay`.
    private mutating func settle() {
        envelope = 1
        minimumCount = 0
        buffers.minima.update(repeating: 1, count: lookahead)
        minimaSum = Double(lookahead)
    }

    /// The most frames a block of input holds (a drain's `lookahead` + 1 may be more).
    static let block = 256

    /// Where a caller puts a block of input for `limit` (interleaved): room for `block` frames, and for a drain's.
    var input: UnsafeMutablePointer<Float> { buffers.input }

    /// Writes to `output` the `frames` frames (at most `lookahead` + 1) still held, silence taken in behind them at
    /// `factor`.
    mutating func drain(into output: UnsafeMutablePointer<Int16>, frames: Int, factor: Float) {
        buffers.input.update(repeating: 0, count: frames * channels)
        var factor = factor
        limit(buffers.input, into: output, frames: frames, factor: &factor, step: 0, loudest: 0)
    }

    /// Limits `frames` frames of `input` (interleaved) times a factor that moves by `step` a frame from `factor` (left
    /// where it ends), and writes to `output` the frames that leave meanwhile; `loudest` is the largest magnitude in
    /// `input`. Far under the ceiling (a peak between samples is at most 1.25 times the larger sample beside it) the
    /// limiter only delays them.
    @inline(__always)
    mutating func limit(
        _ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Int16>, frames: Int, factor: inout Float, step: Float,
        loudest: Float
    ) {
        let channels = self.channels
        if isReleased, loudest * max(factor, factor + step * Float(frames)) * 1.25 < ceiling {
            settle()
            // Runs short enough that each leaves before any of it comes in.
            var done = 0
            while done < frames {
                let count = min(frames - done, lookahead + 1)
                delay(input + done &* channels, output + done &* channels, frames: count, factor: &factor, step: step)
                done += count
            }
        } else {
            lookBack()
            for frame in 0..<frames {
                factor += step
                take(input + frame &* channels, output + frame &* channels, factor: factor)
            }
        }
    }

    /// What `take` does for `frames` frames (at most `lookahead` + 1) whose peaks (between samples too) are known to stay
    /// under the ceiling while the limiter is released (and settled): the delay alone. The frames that leave are written
    /// out before those that come in are kept, a run of the ring at a time.
    private mutating func delay(
        _ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Int16>, frames: Int, factor: inout Float, step: Float
    ) {
        let (ring, mask, channels, now) = (buffers.ring, ringFrames &- 1, channels, taken)
        var done = 0
        while done < frames {
            let slot = (now &- 1 &- lookahead &+ done) & mask
            let run = min(frames &- done, ringFrames &- slot)
            let (from, to) = (ring + slot &* channels, output + done &* channels)
            for index in 0..<run &* channels { to[index] = Self.sample(from[index]) }
            done &+= run
        }
        done = 0
        while done < frames {
            let slot = (now &+ done) & mask
            let run = min(frames &- done, ringFrames &- slot)
            let (from, to) = (input + done &* channels, ring + slot &* channels)
            switch channels {
            case 1:
                for index in 0..<run {
                    factor += step
                    to[index] = from[index] * factor
                }
            case 2:
                for index in 0..<run {
                    factor += step
                    to[2 &* index] = from[2 &* index] * factor
                    to[2 &* index &+ 1] = from[2 &* index &+ 1] * factor
                }
            default:
                for frame in 0..<run {
                    factor += step
                    for channel in 0..<channels { to[frame &* channels &+ channel] = from[frame &* channels &+ channel] * factor }
                }
            }
            done &+= run
        }
        taken = now &+ frames
    }

    /// Sets each channel's last midpoint to the one `take` would have left, before a run of `take` (`delay` leaves none).
    private func lookBack() {
        let (ring, mask, channels, now) = (buffers.ring, ringFrames &- 1, channels, taken)
        let row = { (frame: Int) in (frame & mask) &* channels }
        let (b, c, d, e) = (row(now &- 4), row(now &- 3), row(now &- 2), row(now &- 1))
        for channel in 0..<channels {
            buffers.midpoints[channel] =
                (9 * (ring[c &+ channel] + ring[d &+ channel]) - ring[b &+ channel] - ring[e &+ channel]) / 16
        }
    }

    /// Takes in one frame of `input` times `factor`, and writes to `output` the frame that leaves the limiter now.
    @inline(__always)
    private mutating func take(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Int16>, factor: Float) {
        let (ring, midpoints, mask, channels, now) = (buffers.ring, buffers.midpoints, ringFrames &- 1, channels, taken)
        // The peak of frame k = now - 2, between the samples too: the midpoints before it (kept from the frame before)
        // and after it (through frames k - 1 … now).
        let k = now &- 2
        let row = { (frame: Int) in (frame & mask) &* channels }
        let (b, c, d, e) = (row(k &- 1), row(k), row(k &+ 1), row(now))
        var peak: Float = 0
        for channel in 0..<channels {
            let x = input[channel] * factor
            ring[e &+ channel] = x
            let middle = ring[c &+ channel]
            let before = midpoints[channel]
            let after = (9 * (middle + ring[d &+ channel]) - ring[b &+ channel] - x) / 16
            midpoints[channel] = after
            peak = max(peak, abs(middle), abs(before), abs(after))
        }
        taken = now &+ 1
        guard k >= 0 else {
            for channel in 0..<channels { output[channel] = 0 }
            return
        }
        let required = peak > ceiling ? ceiling / peak : 1
        envelope = min(required, envelope + (1 - envelope) * release)
        // The sliding minimum of the envelope over the last `lookahead` frames.
        let (minimumFrames, minimumValues, minima) = (buffers.minimumFrames, buffers.minimumValues, buffers.minima)
        while minimumCount > 0, minimumValues[(minimumHead &+ minimumCount &- 1) & mask] >= envelope { minimumCount &-= 1 }
        minimumFrames[(minimumHead &+ minimumCount) & mask] = k
        minimumValues[(minimumHead &+ minimumCount) & mask] = envelope
        minimumCount &+= 1
        while minimumFrames[minimumHead & mask] <= k &- lookahead {
            minimumHead &+= 1
            minimumCount &-= 1
        }
        let least = minimumValues[minimumHead & mask]
        minimaSum += Double(least - minima[slot])
        minima[slot] = least
        slot = slot &+ 1 == lookahead ? 0 : slot &+ 1
        // Frame t = k - lookahead + 1 leaves with the average of the minima of the frames t…k, each of which is at most
        // its own envelope: never above what t requires, and smooth. (Before the first frame, the ring holds zeros.)
        let smoothed = Float(minimaSum) * inverseLookahead
        let from = row(k &- lookahead &+ 1)
        for channel in 0..<channels { output[channel] = Self.sample(ring[from &+ channel] * smoothed) }
    }

    /// `value` rounded to the nearest 16-bit sample (halves to even), clamped; without branches, checks or libm's calls,
    /// which would cost more than the limiting around them.
    @inline(__always)
    static func sample(_ value: Float) -> Int16 {
        let clamped = value >= -32_768 ? (value <= 32_767 ? value : 32_767) : -32_768
        // 1.5 × 2^23 plus a number under 2^22 in magnitude keeps the exponent of 2^23: the sum's low bits are the number,
        // rounded as the FPU rounds (to nearest, halves to even), over 0x40_0000.
        return Int16(truncatingIfNeeded: Int32(bitPattern: (clamped + 12_582_912).bitPattern) &- 0x4B40_0000)
    }

    /// The limiter's memory, freed with the last copy.
    private final class Buffers {
        let ring: UnsafeMutablePointer<Float>
        let minimumFrames: UnsafeMutablePointer<Int>
        let minimumValues: UnsafeMutablePointer<Float>
        let minima: UnsafeMutablePointer<Float>
        let midpoints: UnsafeMutablePointer<Float>
        let input: UnsafeMutablePointer<Float>

        init(ringFrames: Int, channels: Int, lookahead: Int, inputFrames: Int) {
            ring = .allocate(capacity: ringFrames * channels)
            ring.initialize(repeating: 0, count: ringFrames * channels)
            minimumFrames = .allocate(capacity: ringFrames)
            minimumFrames.initialize(repeating: 0, count: ringFrames)
            minimumValues = .allocate(capacity: ringFrames)
            minimumValues.initialize(repeating: 0, count: ringFrames)
            minima = .allocate(capacity: lookahead)
            minima.initialize(repeating: 1, count: lookahead)
            midpoints = .allocate(capacity: channels)
            midpoints.initialize(repeating: 0, count: channels)
            input = .allocate(capacity: inputFrames * channels)
            input.initialize(repeating: 0, count: inputFrames * channels)
        }

        deinit {
            ring.deallocate()
            minimumFrames.deallocate()
            minimumValues.deallocate()
            minima.deallocate()
            midpoints.deallocate()
            input.deallocate()
        }
    }
}
