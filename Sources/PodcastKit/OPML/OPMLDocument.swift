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

    public var title: String?
    /// The feeds in document order (folders flattened), each URL once.
    public var entries: [Entry]
    /// Outlines that were skipped, each with the reason, for warnings.
    public var skipped: [String]

    public init(title: String? = nil, entries: [Entry], skipped: [String] = []) {
        self.title = title
        self.entries = entries
        self.skipped = skipped
    }
}
