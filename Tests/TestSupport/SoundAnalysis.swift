import Foundation

/// Measurements of recorded sound: where it is loud, and at which frequency.
public enum SoundAnalysis {
    /// The span (in samples) from the first to the last sample louder than `threshold`.
    public static func audibleSpan(_ signal: [Double], threshold: Double = 0.02) -> Range<Int>? {
        guard let first = signal.firstIndex(where: { abs($0) > threshold }),
            let last = signal.lastIndex(where: { abs($0) > threshold })
        else { return nil }
        return first..<(last + 1)
    }

    /// The lengths in seconds of the runs of 10 ms blocks whose peak is above `threshold` (of full scale), in order:
    /// each sound, however long the pauses between them.
    public static func soundRuns(_ signal: [Double], sampleRate: Int, threshold: Double = 0.05) -> [Double] {
        let block = sampleRate / 100
        var runs: [Double] = []
        var current = 0
        for start in stride(from: 0, to: signal.count - block + 1, by: block) {
            if signal[start..<start + block].contains(where: { abs($0) > threshold }) {
                current += 1
            } else if current > 0 {
                runs.append(Double(current) / 100)
                current = 0
            }
        }
        if current > 0 { runs.append(Double(current) / 100) }
        return runs
    }

    /// The frequency with the most energy between `low` and `high` Hz, by a Goertzel scan refined to 0.1 Hz.
    public static func dominantFrequency(_ signal: [Double], sampleRate: Int, low: Double = 50, high: Double = 5000) -> Double {
        let window = Array(signal.prefix(sampleRate))
        var best = low
        var bestPower = -1.0
        var step = 5.0
        var from = low
        var to = high
        while step >= 0.1 {
            var f = from
            while f <= to {
                let power = goertzel(window, frequency: f, sampleRate: sampleRate)
                if power > bestPower {
                    bestPower = power
                    best = f
                }
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
        var previous = 0.0
        var beforePrevious = 0.0
        for sample in signal {
            let current = sample + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
    }

    /// The peak level of each run of `period` samples: for a tone whose period is `period` samples, its envelope.
    public static func periodPeaks(_ signal: [Double], period: Int = 100) -> [Double] {
        stride(from: 0, to: signal.count - period, by: period).map { signal[$0..<$0 + period].map(abs).max() ?? 0 }
    }

    /// The largest change between neighbouring `peaks`, leaving out `skipping` at each end, with a description of
    /// where it is (the index and the levels around it) for a failure message.
    public static func largestStep(_ peaks: [Double], skipping: Int = 5) -> (step: Double, description: String) {
        let steps = zip(peaks, peaks.dropFirst()).map { abs($0 - $1) }.dropFirst(skipping).dropLast(skipping)
        guard let worst = steps.indices.max(by: { steps[$0] < steps[$1] }) else { return (0, "no steps") }
        let around = peaks[max(0, worst - 4)..<min(peaks.count, worst + 6)].map { String(format: "%.2f", $0) }
        return (steps[worst], "\(steps[worst]) at period \(worst) of \(peaks.count): \(around)")
    }

    /// Root mean square level of `signal`.
    public static func rms(_ signal: ArraySlice<Double>) -> Double {
        guard !signal.isEmpty else { return 0 }
        return (signal.reduce(0) { $0 + $1 * $1 } / Double(signal.count)).squareRoot()
    }
}
