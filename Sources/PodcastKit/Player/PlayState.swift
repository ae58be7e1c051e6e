/// What the player is doing.
public enum PlayState: String, Sendable, Codable, CaseIterable {
    case stopped, playing, paused
}

/// Why an episode stopped playing.
public enum EndReason: String, Sendable, Codable, CaseIterable {
    /// It played to its end.
    case eof
    /// The listener stopped it.
    case stop
    /// The listener skipped to the next episode.
    case next
    /// It could not be played on.
    case error
}
