import Foundation

/// A command that changes the library's model: what the listener did with episodes.
public enum LibraryEdit: Equatable, Sendable {
    /// Marks episodes and whole shows (`targets`; none: every show) played or unplayed, only those published before
    /// `cutoff` when one is given.
    case mark(targets: [String], played: Bool, cutoff: Date?)
    /// Makes an episode a favourite or not (`to`), or toggles it (nil).
    case favorite(target: String, to: Bool?)
    /// Deletes the downloaded files of episodes; the episodes stay, streamable.
    case delete(targets: [String])
    /// Unsubscribes from shows: their episodes, places and (unless `keepFiles`) downloads go. A show whose episode
    /// plays is refused, unless `force`, which stops the player first.
    case remove(shows: [String], keepFiles: Bool, force: Bool)
}

/// An edit as typed: the change and whether to print JSON.
public struct EditCommand: Equatable, Sendable {
    public var edit: LibraryEdit
    public var json: Bool

    public init(edit: LibraryEdit, json: Bool) {
        (self.edit, self.json) = (edit, json)
    }
}
