import Playback

/// How far `skip` and `back` move, in seconds.
public struct SkipLengths: Sendable, Equatable {
    public var forward: Double
    public var back: Double

    public init(forward: Double = 30, back: Double = 15) {
        self.forward = forward
        self.back = back
    }
}

extension Settings {
    /// The skip lengths for the command language.
    public var skipLengths: SkipLengths { SkipLengths(forward: skipForward, back: skipBack) }
}
