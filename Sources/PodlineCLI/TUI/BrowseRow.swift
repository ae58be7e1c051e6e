import Foundation
import PodcastKit
import PodlineApp

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
    /// The episode's id in the library (nil for a directory result or a queued URL).
    var episodeID: Int64?
    /// What the filter looks in: the title and the show.
    var filterText: String { title + " " + show }

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
        episodeID = episode.id
    }

    init(summary: EpisodeSummary) {
        ref = summary.ref
        title = summary.title
        show = summary.showTitle ?? summary.showSlug
        published = summary.published
        duration = summary.duration
        position = summary.position
        played = summary.isPlayed
        favorite = summary.isFavorite
        downloaded = summary.isDownloaded
        episodeID = summary.id
    }

    init(find result: KeptFindResult) {
        ref = "find/\(result.number)"
        title = result.title
        show = result.reason ?? result.feedURL ?? ""
    }

    init(queued item: NowPlaying) {
        ref = item.ref ?? item.url
        title = item.title
        show = item.show ?? ""
        duration = item.duration
    }

    /// The command line Enter runs for this row.
    /// What Enter (or a double click) runs: subscribes to a find result, else plays the episode (from its start
    /// place in a search's hit).
    var command: ParsedCommand {
        if isFindResult {
            return .task(TaskCommand(task: .add(feed: ref, sizeCap: FeedParser.defaultSizeCap), json: false, name: CommandTable.add.name))
        }
        var request = PlayRequest(targets: [ref])
        request.start = start.map { Double(Int($0)) }
        return .player(.play(request))
    }
}
