/// Software volume: a 0–100 listener scale mapped to a cubic amplitude curve, as mpv does.
public struct Gain: Equatable, Sendable {
    /// The amplitude factor, 0...1.
    public let factor: Double

    /// Maps `volume` (0–100, clamped) to an amplitude; 100 is unity and leaves samples untouched.
    public init(volume: Double) {
        let clamped = min(max(volume, 0), 100) / 100
        factor = clamped * clamped * clamped
    }

    /// True when applying would change nothing.
    public var isUnity: Bool { factor == 1 }

    /// Scales 16-bit samples in place, rounding to nearest.
    public func apply(to samples: UnsafeMutableBufferPointer<Int16>) {
        guard !isUnity else { return }
        let scale = Int32((factor * 65536).rounded())
        for index in samples.indices {
            samples[index] = Int16(truncatingIfNeeded: (Int32(samples[index]) * scale + 32768) >> 16)
        }
    }
}
