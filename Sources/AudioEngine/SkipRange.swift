/// A stretch of an episode the engine leaves out, to the frame: from `start` to `end` seconds (nil: to the end).
public struct SkipRange: Sendable, Equatable {
    public var start: Double
    public var end: Double?
    /// What it is, for the listener: a chapter's title, or the phrase said.
    public var title: String?
    /// Why it is left out.
    public var reason: Reason

    /// Why a stretch is left out.
    public enum Reason: Sendable, Equatable {
        /// A chapter whose title matched `skip_chapters`.
        case chapter
        /// A stretch a server inserted, found by comparing two fetches (`skip_inserted`).
        case inserted
        /// A transcript cue said a phrase of `skip_phrases`.
        case phrase
    }

    public init(start: Double, end: Double?, title: String? = nil, reason: Reason = .chapter) {
        self.start = start
        self.end = end
        self.title = title
        self.reason = reason
    }

    /// The first frame left out, at `rate` frames a second.
    func startFrame(rate: Double) -> Int { Int((start * rate).rounded()) }

    /// The first frame after it; nil when it runs to the end.
    func endFrame(rate: Double) -> Int? { end.map { Int(($0 * rate).rounded()) } }

    /// True when `frame` is left out.
    func contains(frame: Int, rate: Double) -> Bool {
        frame >= startFrame(rate: rate) && endFrame(rate: rate).map { frame < $0 } ?? true
    }
}
