/// Finds the stretches of one fetch of an episode that another fetch of it lacks: what a server inserted into this
/// fetch (ads placed per download), by lining up the two fetches' profiles.
public enum InsertedStretches {
    /// Shortest stretch said to be inserted, and the longest gap of shared audio within one, in steps.
    static let shortest = 2 * AudioProfile.stepsPerSecond
    static let bridged = AudioProfile.stepsPerSecond / 2
    /// Steps each side of a step its match is judged over.
    static let window = 15
    /// The mean distance (dB of level plus dB of edge) under which a step matches, and the one step's distance at
    /// which it says neither that it is shared audio nor that it is not (where a boundary is placed).
    static let matching: Float = 6
    static let stepMatching: Float = 4
    /// A step with no counterpart (past the other's end) is this far from it.
    static let unmatched: Float = 40

    /// The stretches of `kept` (in seconds, in order) that `other` holds nowhere; nil when the two share too little
    /// audio to be fetches of one episode (at least half of `kept` must be found in `other`).
    public static func find(kept: AudioProfile, other: AudioProfile) -> [ClosedRange<Double>]? {
        let offsets = ProfileOffsets.find(kept: kept, other: other)
        guard !offsets.isEmpty, kept.count > 0 else { return nil }
        let distances = offsets.map { Distances(kept: kept, other: other, offset: $0) }
        // Each step's best mean distance over the window, and the offset that gives it.
        var best = [Float](repeating: unmatched, count: kept.count)
        var bestOffset = [Int](repeating: 0, count: kept.count)
        for (index, distance) in distances.enumerated() {
            for step in 0..<kept.count {
                let mean = distance.mean(around: step, window: window)
                if mean < best[step] { (best[step], bestOffset[step]) = (mean, index) }
            }
        }
        let runs = bridge(unmatchedRuns(best)).filter { $0.upperBound - $0.lowerBound >= shortest }
        let steps = Double(AudioProfile.stepsPerSecond)
        let stretches = runs.map { run in
            let start = refineStart(run.lowerBound, distances: distances, bestOffset: bestOffset)
            let end = refineEnd(run.upperBound, distances: distances, bestOffset: bestOffset, count: kept.count)
            return Double(start) / steps...Double(max(start, end)) / steps
        }
        let matchedShare = Double(best.lazy.filter { $0 <= matching }.count) / Double(kept.count)
        return matchedShare >= 0.5 ? stretches : nil
    }

    /// The runs of steps whose best distance is over `matching`.
    private static func unmatchedRuns(_ best: [Float]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (step, distance) in best.enumerated() {
            if distance > matching {
                if start == nil { start = step }
            } else if let begun = start {
                runs.append(begun..<step)
                start = nil
            }
        }
        if let start { runs.append(start..<best.count) }
        return runs
    }

    /// Runs joined across short gaps of matching steps.
    private static func bridge(_ runs: [Range<Int>]) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        for run in runs {
            if let last = joined.last, run.lowerBound - last.upperBound < bridged {
                joined[joined.count - 1] = last.lowerBound..<run.upperBound
            } else {
                joined.append(run)
            }
        }
        return joined
    }

    /// Where an inserted stretch found near `step` begins: the step after which the audio before it stops matching
    /// the other fetch at the offset it matched at; of equally good steps the last, so that less is skipped.
    private static func refineStart(_ step: Int, distances: [Distances], bestOffset: [Int]) -> Int {
        let before = step - window - 1
        guard before >= 0 else { return 0 }
        let distance = distances[bestOffset[before]]
        let span = max(0, step - 3 * window)..<min(distance.count, step + 3 * window)
        return boundary(in: span, last: true) { evidence(distance.at($0)) }
    }

    /// Where an inserted stretch found ending near `step` ends: the step from which the audio after it matches the
    /// other fetch at the offset it matches at; of equally good steps the first.
    private static func refineEnd(_ step: Int, distances: [Distances], bestOffset: [Int], count: Int) -> Int {
        let after = step + window + 1
        guard after < count else { return count }
        let distance = distances[bestOffset[after]]
        let span = max(0, step - 3 * window)..<min(count, step + 3 * window)
        return boundary(in: span, last: false) { -evidence(distance.at($0)) }
    }

    /// The step in `span` (or its end) that best splits it: the least evidence against each side, where `evidence`
    /// above 0 says a step belongs before the split and below 0 after it. That is where its running sum peaks.
    private static func boundary(in span: Range<Int>, last: Bool, _ evidence: (Int) -> Float) -> Int {
        var (sum, best, bestSum): (Float, Int, Float) = (0, span.lowerBound, 0)
        for step in span {
            sum += evidence(step)
            if sum > bestSum || (last && sum == bestSum) { (best, bestSum) = (step + 1, sum) }
        }
        return best
    }

    /// How strongly one step says it is audio both fetches share (above 0) or not (below 0): graded near the
    /// threshold and bounded either way, so that a run of steps of two different voices that happen to come close
    /// cannot outweigh the few steps that are far apart, nor one loud click the steps around it.
    private static func evidence(_ distance: Float) -> Float {
        stepMatching - min(distance, 2 * stepMatching)
    }
}

/// How far each step of the kept profile is from the other's step `offset` later: level and edge differences in dB,
/// summed; with running sums for a window's mean.
struct Distances {
    private let steps: [Float]
    private let sums: [Double]

    init(kept: AudioProfile, other: AudioProfile, offset: Int) {
        var steps = [Float](repeating: InsertedStretches.unmatched, count: kept.count)
        for step in 0..<kept.count {
            let there = step + offset
            guard there >= 0, there < other.count else { continue }
            steps[step] = abs(kept.level[step] - other.level[there]) + abs(kept.edge[step] - other.edge[there])
        }
        var sums = [Double](repeating: 0, count: steps.count + 1)
        for (index, value) in steps.enumerated() { sums[index + 1] = sums[index] + Double(value) }
        (self.steps, self.sums) = (steps, sums)
    }

    var count: Int { steps.count }

    /// The distance at `step`.
    func at(_ step: Int) -> Float { steps[step] }

    /// The mean distance over the steps within `window` of `step`.
    func mean(around step: Int, window: Int) -> Float {
        let low = max(0, step - window)
        let high = min(steps.count, step + window + 1)
        return Float((sums[high] - sums[low]) / Double(high - low))
    }
}
