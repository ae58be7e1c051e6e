import PodcastKit

/// What `playlist` asks: list the playlists, show one, make or fill one, change a smart one's query, or remove one
/// (or episodes from one).
public enum PlaylistCommand: Equatable, Sendable {
    /// Every playlist with its kind and how many episodes it holds now.
    case list
    /// One playlist: its query (for a smart one) and its episodes.
    case show(String)
    /// With a filter, a new smart playlist; otherwise a named one made if need be, and the episodes `refs` name added
    /// at its tail (or head).
    case add(String, refs: [String], filter: EpisodeFilter, atHead: Bool)
    /// A smart playlist's query replaced.
    case edit(String, filter: EpisodeFilter)
    /// A playlist removed, or (with `refs`) those episodes taken out of a named one.
    case remove(String, refs: [String])

    /// The actions, as typed after `playlist`.
    package enum Action: String, CaseIterable {
        case list, show, add, edit, remove
    }

    /// A usage problem with `name` as a playlist's name, or nil when it can be one: 1–64 letters, digits, `-`, `_` or
    /// `.`, not all digits (an episode id).
    package static func problem(withName name: String) -> String? {
        let allowed = name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
        if name.isEmpty || name.count > 64 || !allowed || name.hasPrefix("-") || name.hasPrefix(".") {
            return "'\(name)' cannot name a playlist: use 1 to 64 letters, digits, '-', '_' or '.'"
        }
        if name.allSatisfy(\.isNumber) { return "'\(name)' cannot name a playlist: a number names an episode" }
        return nil
    }
}
