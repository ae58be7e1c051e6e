import Foundation

/// A program to measure: a name and how to run it once.
struct Contender {
    let name: String
    let run: () throws -> ProcessSample
}

/// The medians of one contender's runs.
struct Medians {
    var wall: Double
    var cpu: Double
    /// Nil unless the runs measured memory.
    var peakRSSKilobytes: Int?
    var runs: Int
}

/// Side-by-side measurement: the contenders take turns, round after round, so that a change in the
/// machine's load falls on all of them alike; each figure is the median of its rounds.
enum Alternation {
    /// Runs every contender once unmeasured (when `warmUp`, to fill the page cache), then `runs` rounds
    /// of one run each in turn; returns the medians by contender name.
    static func measure(_ label: String, runs: Int, warmUp: Bool = true, _ contenders: [Contender]) throws -> [String: Medians] {
        if warmUp {
            for contender in contenders { _ = try contender.run() }
        }
        var samples: [String: [ProcessSample]] = [:]
        for round in 1...runs {
            Progress.say("\(label): round \(round) of \(runs)")
            for contender in contenders {
                samples[contender.name, default: []].append(try contender.run())
            }
        }
        return samples.mapValues { list in
            let peaks = list.compactMap(\.peakRSSKilobytes)
            return Medians(
                wall: median(list.map(\.wall)), cpu: median(list.map(\.cpu)),
                peakRSSKilobytes: peaks.isEmpty ? nil : Int(median(peaks.map(Double.init))), runs: list.count)
        }
    }

    /// The middle value (the mean of the two middle values for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Progress lines on standard error, so that standard output holds only the report.
enum Progress {
    static func say(_ line: String) {
        FileHandle.standardError.write(Data("podline-bench: \(line)\n".utf8))
    }
}
