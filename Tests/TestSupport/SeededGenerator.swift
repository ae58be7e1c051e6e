import Foundation

/// A deterministic random number generator (SplitMix64) for fault tests: the seed comes from
/// `$PODLINE_FAULT_SEED` when set, else at random, and failure messages print it so a run can be repeated.
public struct SeededGenerator: RandomNumberGenerator, Sendable, CustomStringConvertible {
    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64

    /// Starts from `seed`, else `$PODLINE_FAULT_SEED`, else a random seed.
    public init(seed: UInt64? = nil) {
        let fromEnvironment = ProcessInfo.processInfo.environment["PODLINE_FAULT_SEED"].flatMap { UInt64($0) }
        self.seed = seed ?? fromEnvironment ?? UInt64.random(in: 1...UInt64.max)
        state = self.seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly drawn number of seconds in `range`, rounded to milliseconds.
    public mutating func seconds(in range: ClosedRange<Double>) -> Double {
        (Double.random(in: range, using: &self) * 1000).rounded() / 1000
    }

    /// "seed N (repeat with PODLINE_FAULT_SEED=N)", for failure messages.
    public var description: String { "seed \(seed) (repeat with PODLINE_FAULT_SEED=\(seed))" }
}
