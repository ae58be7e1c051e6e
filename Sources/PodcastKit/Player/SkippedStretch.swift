/// A stretch playback left out: a chapter whose title matched `skip_chapters`, or a stretch a server inserted
/// (`skip_inserted`); its title, and where it ran.
public struct SkippedStretch: Sendable, Equatable {
    public var title: String?
    /// Seconds into the episode where it began.
    public var from: Double
    /// Seconds into the episode where it ended; nil when it ran to the end.
    public var to: Double?
    /// True for a stretch a server inserted, false for a chapter.
    public var inserted: Bool

    public init(title: String?, from: Double, to: Double?, inserted: Bool = false) {
        (self.title, self.from, self.to, self.inserted) = (title, from, to, inserted)
    }
}
