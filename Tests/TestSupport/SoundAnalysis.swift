import Foundation

/// Measurements of recorded sound: where it is loud, and at which frequency.
public enum SoundAnalysis {
    /// The span (in samples) from the first to the last sample louder than `threshold`.
    public static func audibleSpan(_ signal: [Double], threshold: Double = 0.02) -> Range<Int>? {
        guard let first = signal.firstIndex(where: { abs($0) > threshold }),
              let last = signal.lastIndex(where: { abs($0) > threshold }) else { return nil }
        return first..<(last + 1)
    }

    /// The frequency with the most energy between `low` and `high` Hz, by a Goertzel scan refined to 0.1 Hz.
    public static func dominantFrequency(_ signal: [Double], sampleRate: Int, low: Double = 50, high: Double = 5000) -> Double {
        let window = Array(signal.prefix(sampleRate))
        var best = low
        var bestPower = -1.0
        var step = 5.0
        var from = low, to = high
        while step >= 0.1 {
            var f = from
            while f <= to {
                let power = goertzel(window, frequency: f, sampleRate: sampleRate)
                if power > bestPower { bestPower = power; best = f }
                f += step
            }
            from = best - step
            to = best + step
            step /= 10
        }
        return best
    }

    /// The power of `frequency` in `signal`.
    public static func goertzel(_ signal: [Double], frequency: Double, sampleRate: Int) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
        var previous = 0.0, beforePrevious = 0.0
        for sample in signal {
            let current = sample + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
    }

    /// Root mean square level of `signal`.
    public static func rms(_ signal: ArraySlice<Double>) -> Double {
        guard !signal.isEmpty else { return 0 }
        return (signal.reduce(0) { $0 + $1 * $1 } / Double(signal.count)).squareRoot()
    }
}
