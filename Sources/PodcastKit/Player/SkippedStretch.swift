/// A stretch playback left out: a chapter whose title matched `skip_chapters`, a stretch a server inserted
/// (`skip_inserted`) or a transcript cue's phrase (`skip_phrases`); its title, and where it ran.
public struct SkippedStretch: Sendable, Equatable {
    /// The chapter's title, or the phrase said.
    public var title: String?
    /// Seconds into the episode where it began.
    public var from: Double
    /// Seconds into the episode where it ended; nil when it ran to the end.
    public var to: Double?
    public var reason: Reason

    /// Why it was left out (as the engine's skip ranges say it).
    public enum Reason: String, Sendable, Equatable {
        case chapter, inserted, phrase
    }

    public init(title: String?, from: Double, to: Double?, reason: Reason = .chapter) {
        (self.title, self.from, self.to, self.reason) = (title, from, to, reason)
    }
}
