/// How a change should be spread over time: a timing curve and a duration.
///
/// A terminal cannot tween text, but an animated change tells its observers
/// (the audio service, for instance) to ramp instead of jumping.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// The shape of the timing curve.
    public enum Curve: Hashable, Sendable {
        case linear
        case easeIn
        case easeOut
        case easeInOut
        case spring
    }

    /// The timing curve.
    public var curve: Curve
    /// The length of the animation, in seconds.
    public var duration: Double

    /// Creates an animation with a curve and a duration in seconds.
    public init(curve: Curve, duration: Double) {
        self.curve = curve
        self.duration = duration
    }

    /// The default animation: ease in and out over 0.35 seconds.
    public static let `default` = Animation(curve: .easeInOut, duration: 0.35)
    /// A linear animation over 0.35 seconds.
    public static let linear = Animation(curve: .linear, duration: 0.35)
    /// An ease-in animation over 0.35 seconds.
    public static let easeIn = Animation(curve: .easeIn, duration: 0.35)
    /// An ease-out animation over 0.35 seconds.
    public static let easeOut = Animation(curve: .easeOut, duration: 0.35)
    /// An ease-in-out animation over 0.35 seconds.
    public static let easeInOut = Animation(curve: .easeInOut, duration: 0.35)
    /// A spring animation settling in about half a second.
    public static let spring = Animation(curve: .spring, duration: 0.5)

    /// A linear animation of the given duration.
    public static func linear(duration: Double) -> Animation {
        Animation(curve: .linear, duration: duration)
    }

    /// An ease-in animation of the given duration.
    public static func easeIn(duration: Double) -> Animation {
        Animation(curve: .easeIn, duration: duration)
    }

    /// An ease-out animation of the given duration.
    public static func easeOut(duration: Double) -> Animation {
        Animation(curve: .easeOut, duration: duration)
    }

    /// An ease-in-out animation of the given duration.
    public static func easeInOut(duration: Double) -> Animation {
        Animation(curve: .easeInOut, duration: duration)
    }

    /// The curve and duration, as in `easeInOut(0.35s)`.
    public var description: String {
        "\(curve)(\(duration)s)"
    }
}
