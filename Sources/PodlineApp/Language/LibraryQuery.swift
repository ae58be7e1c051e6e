import PodcastKit

/// A question to the library's model: what `shows`, `episodes`, `stats`, `notes` and `search` ask, whichever front end
/// asks.
public enum LibraryQuery: Equatable, Sendable {
    /// The subscribed shows.
    case shows
    /// Episodes, newest first: of one show (its slug, id or feed URL) or of all, in the states asked for (any of
    /// them), holding every word of `search`, at most `limit`.
    case episodes(show: String?, states: [EpisodeQuery.State], search: String?, limit: Int?)
    /// What the library holds and what listening came to.
    case stats
    /// One episode's details and its show notes.
    case notes(ref: String)
    /// Where `text`'s words were said (transcripts) or written (titles, show notes): of one show or of all, at most
    /// `limit` hits, best first.
    case search(text: String, show: String?, limit: Int)
    /// One show's details, description and settings; with a change, that setting of the show set or removed first.
    case show(String, change: ShowSettingChange?)
    /// The subscriptions as OPML 2.0, to `path` when given (else as the answer).
    case export(path: String?, withCredentials: Bool = false)
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
