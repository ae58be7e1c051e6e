import Glibc

/// Changes tempo without changing pitch, by waveform-similarity overlap-add (WSOLA).
///
/// Input is cut into 40 ms Hann-windowed segments laid down every 20 ms of output; each segment is
/// taken near its nominal place in the input (advanced by 20 ms × speed) at the offset, within ±10 ms,
/// whose waveform best continues the previous segment, so that overlaps add in phase.
public final class TimeStretcher {
    /// Interleaved channel count.
    public let channels: Int
    /// Segment length in frames.
    let window: Int
    /// Output advance per segment, half a window.
    let hop: Int
    /// How far from its nominal place a segment may be taken.
    let tolerance: Int
    private let hann: [Float]
    private var input: [Float] = []
    private var inputStart = 0
    private var analysis: Double
    private var previous: Int?
    private var overlap: [Float]
    /// Input frames consumed per output frame.
    public var speed: Double

    /// A stretcher for `channels` channels at `sampleRate`, starting at input frame `start`.
    public init(sampleRate: Int, channels: Int, speed: Double, start: Int = 0) {
        self.channels = channels
        self.speed = speed
        let length = max(64, (sampleRate * 40 / 1000) & ~1)
        window = length
        hop = length / 2
        tolerance = sampleRate * 10 / 1000
        hann = (0..<length).map { index in
            let phase = 2 * Double.pi * Double(index) / Double(length)
            return Float(0.5 - 0.5 * cos(phase))
        }
        overlap = [Float](repeating: 0, count: length / 2 * channels)
        analysis = Double(start)
        inputStart = start
    }

    /// The input frame that output has reached: the position in the source, for display.
    public var sourcePosition: Double { analysis }

    /// Appends decoded interleaved samples.
    public func push(_ samples: UnsafeBufferPointer<Int16>) {
        input.reserveCapacity(input.count + samples.count)
        for sample in samples { input.append(Float(sample)) }
    }

    /// Appends `frames` frames of silence: lets the last real input be used up at the end.
    public func pushSilence(frames: Int) {
        input.append(contentsOf: [Float](repeating: 0, count: frames * channels))
    }

    private var inputFrames: Int { input.count / channels }

    /// Writes as many whole hops as are ready (at most `maxFrames` frames) to `output`; returns frames written.
    public func pull(into output: UnsafeMutableBufferPointer<Int16>, maxFrames: Int) -> Int {
        var written = 0
        while written + hop <= maxFrames, let start = nextSegmentStart() {
            let base = (start - inputStart) * channels
            let out = written * channels
            for frame in 0..<hop {
                let weightIn = hann[frame]
                let weightOut = hann[hop + frame]
                for channel in 0..<channels {
                    let index = frame * channels + channel
                    let value = overlap[index] + weightIn * input[base + index]
                    output[out + index] = Int16(max(-32768, min(32767, value.rounded())))
                    overlap[index] = weightOut * input[base + hop * channels + index]
                }
            }
            written += hop
            previous = start
            analysis += Double(hop) * speed
            discardConsumedInput()
        }
        return written
    }

    /// Where the next segment starts, or nil when more input is needed.
    private func nextSegmentStart() -> Int? {
        let nominal = Int(analysis)
        let low = max(inputStart, nominal - tolerance)
        let high = nominal + tolerance
        guard let previous else {
            return nominal + window <= inputStart + inputFrames ? max(inputStart, nominal) : nil
        }
        let reference = previous + hop
        guard high + window <= inputStart + inputFrames,
            reference + hop <= inputStart + inputFrames, reference >= inputStart
        else { return nil }
        var best = max(low, min(nominal, high))
        var bestScore = -Float.infinity
        var candidate = low
        while candidate <= high {
            let score = similarity(reference, candidate, stride: 4)
            if score > bestScore {
                bestScore = score
                best = candidate
            }
            candidate += 4
        }
        let coarse = best
        for fine in max(low, coarse - 3)...min(high, coarse + 3) {
            let score = similarity(reference, fine, stride: 1)
            if score > bestScore {
                bestScore = score
                best = fine
            }
        }
        return best
    }

    /// Normalised cross-correlation of the first channel over half a window.
    private func similarity(_ a: Int, _ b: Int, stride step: Int) -> Float {
        let baseA = (a - inputStart) * channels
        let baseB = (b - inputStart) * channels
        var dot: Float = 0
        var energy: Float = 1e-9
        var frame = 0
        while frame < hop {
            let x = input[baseA + frame * channels]
            let y = input[baseB + frame * channels]
            dot += x * y
            energy += y * y
            frame += step * 2
        }
        return dot / energy.squareRoot()
    }

    private func discardConsumedInput() {
        let keepFrom = min(Int(analysis) - tolerance, (previous ?? inputStart) + hop) - 1
        let drop = keepFrom - inputStart
        guard drop > 4096 else { return }
        input.removeFirst(drop * channels)
        inputStart += drop
    }
}
