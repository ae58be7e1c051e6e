/// A chapter playback left out because its title matched `skip_chapters`: its title, and where it ran.
public struct SkippedChapter: Sendable, Equatable {
    public var title: String?
    /// Seconds into the episode where it began.
    public var from: Double
    /// Seconds into the episode where it ended; nil when it ran to the end.
    public var to: Double?

    public init(title: String?, from: Double, to: Double?) {
        (self.title, self.from, self.to) = (title, from, to)
    }
}
