import Foundation
import PodcastKit

/// A question to the library's model: what `shows`, `episodes`, `stats`, `notes` and `search` ask, whichever front end
/// asks.
public enum LibraryQuery: Equatable, Sendable {
    /// The subscribed shows.
    case shows
    /// Episodes that pass `filter`, newest first unless it says otherwise: of one show or one playlist (`target`: a
    /// show's slug, id or feed URL, else a playlist's name) or of all.
    case episodes(target: String?, filter: EpisodeFilter)
    /// The live streams the feeds announce (`episodes --live`): of one show, or of all.
    case liveItems(show: String?)
    /// What the library holds and what listening came to.
    case stats
    /// One episode's details and its show notes.
    case notes(ref: String)
    /// Where `text`'s words were said (transcripts) or written (titles, show notes): of one show or of all, at most
    /// `limit` hits, best first.
    case search(text: String, show: String?, limit: Int, heard: Bool = false)
    /// One show's details, description and settings; with a change, that setting of the show set or removed first.
    case show(String, change: ShowSettingChange?)
    /// The playlists, listed, shown or changed.
    case playlist(PlaylistCommand)
    /// The named playlist `into` filled with what fits in `budget` seconds of listening, from these shows and
    /// playlists (none: every unplayed episode).
    case plan(budget: Double, from: [String], into: String)
    /// The forecast of the last plan into this playlist beside the time its episodes took to hear since.
    case planReport(String)
    /// The listening log since a date, of one show when given, as text, CSV or JSON.
    case history(since: Date?, show: String?, csv: Bool)
    /// The listening log's sums since a date, by show or period (one sum without).
    case listeningSums(by: ListeningGrouping?, since: Date?)
    /// The bookmarks, of one episode when given.
    case bookmarks(String?)
    /// What comparing two fetches of an episode's download showed (`skip_inserted`).
    case insertedStretches(String)
    /// The subscriptions as OPML 2.0, to `path` when given (else as the answer).
    case export(path: String?, withCredentials: Bool = false)
}

extension LibraryQuery {
    /// True for the questions that make, change or remove playlists (a front end listing them reads them again).
    public var changesPlaylists: Bool {
        switch self {
        case .playlist(.list), .playlist(.show): false
        case .playlist, .plan: true
        default: false
        }
    }
}

/// A library question and the form of its answer.
public struct QueryCommand: Equatable, Sendable {
    public var query: LibraryQuery
    /// Whether the answer is printed as JSON.
    public var json: Bool

    public init(query: LibraryQuery, json: Bool) {
        self.query = query
        self.json = json
    }
}
