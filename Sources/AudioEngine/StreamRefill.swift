import Dispatch

/// How much a stream that ran dry must hold before it plays on, from how fast it arrives against how fast it plays.
///
/// A link at least as fast as the audio only had a hiccup: a short hold will do. Over a slower one, a hold of B
/// seconds of audio plays for B / (1 − q) seconds before it runs dry again, q being the link's share of the audio's
/// rate; the hold is sized for `playSeconds` of audio without a break, within `shortestHold` and `longestHold`.
struct StreamRefill: Equatable {
    /// Seconds of audio held after a hiccup, and at least after any run dry.
    static let shortestHold = 2.0
    /// Seconds of audio held at most, however slow the link.
    static let longestHold = 60.0
    /// Seconds of audio a refill over a slow link should play without a break.
    static let playSeconds = 30.0
    /// Bytes a second of audio when nothing tells: 128 kb/s, the usual podcast MP3.
    static let usualBytesPerSecond = 16_000.0

    /// Bytes the stream must hold before playback goes on.
    let targetBytes: Int
    /// Seconds of audio that is.
    let holdSeconds: Double
    /// When the stream ran dry (uptime in nanoseconds).
    let began = DispatchTime.now().uptimeNanoseconds

    /// A refill for a link that brought `arriving` bytes a second (nil: not measured yet) of audio that plays
    /// `playing` bytes a second.
    init(arriving: Double?, playing: Double) {
        let playing = playing > 0 ? playing : Self.usualBytesPerSecond
        var hold = Self.shortestHold
        if let arriving, arriving < playing {
            let share = max(0, arriving / playing)
            hold = min(Self.longestHold, max(Self.shortestHold, Self.playSeconds * (1 - share)))
        }
        holdSeconds = hold
        targetBytes = Int((hold * playing).rounded(.up))
    }

    /// How far the refill has got, 0–1.
    func progress(_ fill: StreamFill) -> Double {
        fill.ended ? 1 : min(1, Double(fill.held) / Double(max(1, targetBytes)))
    }

    /// True once the stream holds enough, or nothing more will come.
    func isDone(_ fill: StreamFill) -> Bool {
        fill.ended || fill.held >= targetBytes
    }

    /// Bytes a second of a stream of `length` bytes lasting `seconds`; nil when either is unknown.
    static func audioRate(length: Int?, seconds: Double?) -> Double? {
        guard let length, let seconds, seconds > 1, length > 0 else { return nil }
        return Double(length) / seconds
    }
}
