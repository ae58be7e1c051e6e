import Foundation

/// One show a directory found.
public struct DirectoryResult: Sendable, Equatable {
    public var title: String
    public var author: String?
    /// The feed's address; nil when the directory has none (an Apple-only show), which `reason` then explains.
    public var feedURL: String?
    public var episodes: Int?
    /// When its newest episode came out.
    public var newest: Date?
    public var language: String?
    public var genres: [String] = []
    /// The directories that list it (`itunes`, `podcastindex`).
    public var sources: [String]
    /// Why it cannot be subscribed to, when it cannot.
    public var reason: String?

    public init(title: String, author: String? = nil, feedURL: String?, sources: [String]) {
        self.title = title
        self.author = author
        self.sources = sources
        self.feedURL = nil
        accept(feedURL)
    }

    /// Takes `url` as the feed's address when it is a network feed (the rules OPML's outlines follow), else says why
    /// not.
    mutating func accept(_ url: String?) {
        guard let url, !url.trimmingSpaces.isEmpty else {
            feedURL = nil
            reason = "the directory gives no feed URL (a show only Apple's app plays)"
            return
        }
        guard FeedURL.isRemote(url), FeedURL.unsupportedScheme(url) == nil else {
            feedURL = nil
            reason = "its feed URL is not an http(s) address"
            return
        }
        feedURL = FeedURL.normalized(url)
        reason = nil
    }

    /// The results of several directories, one a feed: the first directory's result, with what the others add
    /// (AntennaPod merges so); results without a feed stay as they are.
    public static func merged(_ lists: [[DirectoryResult]]) -> [DirectoryResult] {
        var merged: [DirectoryResult] = []
        var index: [String: Int] = [:]
        for list in lists {
            for result in list {
                guard let url = result.feedURL else {
                    merged.append(result)
                    continue
                }
                let key = SyncURL.comparable(url)
                if let at = index[key] {
                    var kept = merged[at]
                    kept.sources += result.sources.filter { !kept.sources.contains($0) }
                    kept.author = kept.author ?? result.author
                    kept.episodes = kept.episodes ?? result.episodes
                    kept.newest = [kept.newest, result.newest].compactMap { $0 }.max()
                    kept.language = kept.language ?? result.language
                    kept.genres += result.genres.filter { !kept.genres.contains($0) }
                    merged[at] = kept
                } else {
                    index[key] = merged.count
                    merged.append(result)
                }
            }
        }
        return merged
    }
}
