/// A stretch of an episode the engine leaves out, to the frame: from `start` to `end` seconds (nil: to the end).
public struct SkipRange: Sendable, Equatable {
    public var start: Double
    public var end: Double?
    /// What it is, for the listener (a chapter's title).
    public var title: String?
    /// True when it is a stretch a server inserted (found by comparing two fetches), not a chapter.
    public var inserted: Bool

    public init(start: Double, end: Double?, title: String? = nil, inserted: Bool = false) {
        self.start = start
        self.end = end
        self.title = title
        self.inserted = inserted
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
