import PodcastKit

/// A library command that reads feeds, files or the network, and so takes a while: run by `LibraryTaskRunner` on the
/// library's model, in the shell, the REPL or on the control socket alike.
public enum LibraryTask: Equatable, Sendable {
    /// Subscribes to a feed URL or file; a private feed's `user`, with its password from `passwordCommand` (nil: asked on
    /// the terminal).
    case add(feed: String, sizeCap: Int, user: String? = nil, passwordCommand: String? = nil)
    /// Refreshes these shows (none: every show), `jobs` at once (nil: config.toml's); with `notify`, a desktop
    /// notification says what was new.
    case update(shows: [String], jobs: Int?, sizeCap: Int, notify: Bool = false)
    /// Downloads these episodes, or with `new` the new episodes of these shows (none: every show), at most `limit` a
    /// show; then keeps `keep` played downloads a show (nil: config.toml's retention).
    case download(targets: [String], new: Bool, limit: Int?, keep: Int?)
    /// Subscribes to the feeds of an OPML file.
    case importOPML(file: String, jobs: Int?, sizeCap: Int)
    /// Shows what a feed file or URL holds, without subscribing.
    case inspect(feed: String, sizeCap: Int)
    /// Lists the chapters of an episode, file or URL (nil: what plays).
    case chapters(target: String?)
    /// Shows an episode's transcript (nil: what plays) from `at` seconds, or follows the running player through it.
    case transcript(target: String?, at: Double?, follow: Bool)
    /// Keeps a bookmark: `words` are an episode, a TIME and a note, or a note alone of what plays, where it is.
    case bookmark(words: [String])
    /// Removes the bookmark with this id.
    case removeBookmark(Int64)
    /// Says where an episode (nil: what plays) can be found, at `time` (nil: none; where it plays for what plays).
    case link(target: String?, time: Double?)
    /// Writes a stretch of an episode, file or URL to a file.
    case clip(ClipRequest)
    /// Shows the effective settings, or with `defaults` a documented file of every default.
    case config(defaults: Bool)
    /// Keeps the library in step with the sync server, or (`status`) says how it stands.
    case sync(status: Bool)
    /// Sets, removes or reports the scheduled updates.
    case schedule(ScheduleAction)
    /// Searches podcast directories for `terms` (nil: what is trending, in `language` and `category`), at most `limit`
    /// results, from `directory` (nil: config.toml's).
    case find(terms: String?, limit: Int, directory: DirectorySettings.Source?, language: String?, category: String?)
}

/// A library task as typed: the task, whether to print JSON, and the command's name (for messages).
public struct TaskCommand: Equatable, Sendable {
    public var task: LibraryTask
    public var json: Bool
    public var name: String

    public init(task: LibraryTask, json: Bool, name: String) {
        (self.task, self.json, self.name) = (task, json, name)
    }
}

extension LibraryTask {
    /// True for tasks whose data is a list (one item a show refreshed, an episode downloaded), however many items.
    package var answersWithList: Bool {
        switch self {
        case .update, .download: true
        default: false
        }
    }
}
