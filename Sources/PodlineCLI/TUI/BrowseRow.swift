import Foundation
import PodcastKit

/// One row of the full-screen view's right-hand list: an episode (of a show, a view or a search), or a directory
/// result, with what its row shows and what Enter does with it.
struct BrowseRow: Equatable, Sendable {
    /// The episode's reference, or `find/N` for a directory result.
    var ref: String
    var title: String
    /// The show's title (a directory result: its author).
    var show: String
    var published: Date?
    var duration: Double?
    var position: Double = 0
    var played = false
    var favorite = false
    var downloaded = false
    /// Where to start (a transcript hit's time).
    var start: Double?
    /// The episode's show notes (HTML), for the details pane.
    var notes: String?
    /// The title folded for the filter: lower case, accents kept.
    var folded: String

    /// True for a directory result (Enter subscribes instead of playing).
    var isFindResult: Bool { ref.hasPrefix("find/") }

    init(listing: EpisodeListing, start: Double? = nil) {
        let episode = listing.episode
        ref = listing.ref
        title = episode.title ?? episode.guid
        show = listing.showTitle ?? listing.showSlug
        published = episode.published
        duration = episode.duration
        position = episode.position
        played = episode.isPlayed
        favorite = episode.isFavorite
        downloaded = episode.downloadPath != nil
        self.start = start
        notes = episode.description
        folded = (title + " " + show).lowercased()
    }

    init(find result: KeptFindResult) {
        ref = "find/\(result.number)"
        title = result.title
        show = result.reason ?? result.feedURL ?? ""
        folded = title.lowercased()
    }

    init(queued item: NowPlaying) {
        ref = item.ref ?? item.url
        title = item.title
        show = item.show ?? ""
        duration = item.duration
        folded = (title + " " + show).lowercased()
    }

    /// The command line Enter runs for this row.
    var command: String {
        if isFindResult { return "add \(ref)" }
        var line = "play \(Tokenizer.quote(ref))"
        if let start { line += " --start \(Int(start))" }
        return line
    }
}
