/// Software volume: a 0–100 listener scale mapped to a cubic amplitude curve, as mpv does.
public struct Gain: Equatable, Sendable {
    /// The amplitude factor, 0...1.
    public let factor: Double

    /// Maps `volume` (0–100, clamped) to an amplitude; 100 is unity. `VolumeRamp` applies it.
    public init(volume: Double) {
        let clamped = min(max(volume, 0), 100) / 100
        factor = clamped * clamped * clamped
    }
}
