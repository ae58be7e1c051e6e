/// `[directory]` of config.toml: which directories `find` asks and where they are.
public struct DirectorySettings: Sendable, Equatable {
    /// The directories.
    public enum Source: String, Sendable, Equatable, CaseIterable {
        case itunes, podcastindex, all
    }

    /// What `find` asks without `--directory`.
    public var standard: Source = .itunes
    /// The iTunes store's country (two letters).
    public var country = "US"
    /// The iTunes Search API's base URL.
    public var itunesURL = "https://itunes.apple.com"
    /// The Podcast Index API's base URL.
    public var podcastIndexURL = "https://api.podcastindex.org/api/1.0"
    /// The Podcast Index API key.
    public var podcastIndexKey: String?
    /// A command whose first line of output is the Podcast Index secret (else `PODLINE_PODCASTINDEX_SECRET`).
    public var podcastIndexSecretCommand: String?

    public init() {}
}
