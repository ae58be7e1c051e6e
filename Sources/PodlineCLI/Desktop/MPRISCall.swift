import PodlineApp

/// A method call of the MPRIS interfaces, with its arguments read.
enum MPRISCall: Equatable, Sendable {
    case raise, quit
    case next, previous, pause, playPause, stop, play
    /// Seek by this many microseconds.
    case seek(Int64)
    /// Go to this many microseconds into the track with this id.
    case setPosition(track: String, microseconds: Int64)
    case openURI(String)
}

/// What a call or a property write asks of the player.
enum MPRISAction: Equatable, Sendable {
    /// Run this player command, as every front end does.
    case command(PlayerCommand)
    /// Stop the player (its position saved) and end it.
    case quit
    /// Nothing to do now (MPRIS: a call that cannot apply has no effect).
    case nothing
}
