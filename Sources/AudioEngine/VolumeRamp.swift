/// A gain that moves to its target linearly over a set number of frames, so changes never click.
public struct VolumeRamp: Sendable {
    /// The gain now.
    public private(set) var current: Double
    /// The gain being moved to.
    public private(set) var target: Double
    private var step: Double = 0

    /// Frames a change takes when no fade was asked for: 30 ms at 44.1 kHz.
    public static let shortRampFrames = 1323

    public init(gain: Double) {
        current = gain
        target = gain
    }

    /// True while moving.
    public var isMoving: Bool { current != target }

    /// Frames until the target is reached.
    public var framesLeft: Int {
        guard isMoving, step != 0 else { return 0 }
        return Int(((target - current) / step).rounded(.up))
    }

    /// Moves to `gain` over `frames` frames (at least one).
    public mutating func move(to gain: Double, overFrames frames: Int) {
        target = gain
        step = (gain - current) / Double(max(1, frames))
        if step == 0 { current = gain }
    }

    /// Jumps to `gain` at once.
    public mutating func set(_ gain: Double) {
        current = gain
        target = gain
        step = 0
    }

    /// Scales interleaved frames in place, advancing the ramp one step per frame.
    public mutating func apply(to samples: UnsafeMutableBufferPointer<Int16>, channels: Int) {
        if !isMoving && current == 1 { return }
        var index = 0
        while index < samples.count {
            if isMoving {
                current += step
                if (step > 0 && current >= target) || (step < 0 && current <= target) || step == 0 { current = target }
            }
            let gain = current
            for channel in 0..<channels where index + channel < samples.count {
                let scaled = (Double(samples[index + channel]) * gain).rounded()
                samples[index + channel] = Int16(max(-32768, min(32767, scaled)))
            }
            index += channels
        }
    }
}
