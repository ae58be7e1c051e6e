/// A subscription list read from, or written to, OPML.
public struct OPMLDocument: Sendable, Equatable {
    /// One feed in the list.
    public struct Entry: Sendable, Equatable {
        public var title: String?
        public var feedURL: String
        public var siteURL: String?

        public init(title: String?, feedURL: String, siteURL: String? = nil) {
            self.title = title
            self.feedURL = feedURL
            self.siteURL = siteURL
        }
    }

    /// An episode of a playlist, by what names it in any library: its show's feed, its GUID and its enclosure.
    public struct EpisodeKey: Sendable, Equatable {
        public var feedURL: String
        public var guid: String?
        public var enclosureURL: String?
        public var title: String?

        public init(feedURL: String, guid: String?, enclosureURL: String?, title: String?) {
            (self.feedURL, self.guid, self.enclosureURL, self.title) = (feedURL, guid, enclosureURL, title)
        }
    }

    /// A playlist of the library that wrote the list: a smart one's saved query, or a named one's episodes in order.
    public struct Playlist: Sendable, Equatable {
        public var name: String
        public var query: String?
        public var episodes: [EpisodeKey]

        public init(name: String, query: String?, episodes: [EpisodeKey] = []) {
            (self.name, self.query, self.episodes) = (name, query, episodes)
        }
    }

    public var title: String?
    /// The feeds in document order (folders flattened), each URL once.
    public var entries: [Entry]
    /// Podline's playlists, in an outline of their own that other apps pass over (no feed URL in it).
    public var playlists: [Playlist]
    /// Outlines that were skipped, each with the reason, for warnings.
    public var skipped: [String]

    public init(title: String? = nil, entries: [Entry], playlists: [Playlist] = [], skipped: [String] = []) {
        self.title = title
        self.entries = entries
        self.playlists = playlists
        self.skipped = skipped
    }

    /// The `type` of the outline that holds the playlists, of each playlist's, and of each episode's in one.
    static let playlistsType = "podline-playlists"
    static let playlistType = "podline-playlist"
    static let episodeType = "podline-episode"
}
