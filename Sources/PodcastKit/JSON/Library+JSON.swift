import Foundation

extension ShowSummary {
    /// One element of `podline shows --json`.
    public var json: JSONValue {
        .object([
            ("slug", .string(show.slug)), ("id", .int(show.id)), ("title", .string(show.title)),
            ("url", .string(show.feedURL)), ("author", .string(show.author)), ("link", .string(show.link)),
            ("image", .string(show.image)),
            ("episodes", .int(episodeCount)), ("unplayed", .int(unplayedCount)), ("downloaded", .int(downloadedCount)),
            ("last_update", .string(show.lastUpdate.map(ISO8601.string))), ("last_error", .string(show.lastError)),
        ])
    }
}

extension EpisodeListing {
    /// One element of `podline episodes --json`.
    public func json(paths: LibraryPaths) -> JSONValue {
        .object([
            ("ref", .string(ref)), ("id", .int(episode.id)), ("show", .string(showSlug)), ("show_title", .string(showTitle)),
            ("guid", .string(episode.guid)), ("title", .string(episode.title)), ("description", .string(episode.description)),
            ("published", .string(episode.published.map(ISO8601.string))), ("duration", .number(episode.duration)),
            ("url", .string(episode.enclosureURL)), ("length", .int(episode.enclosureLength)), ("type", .string(episode.enclosureType)),
            ("playable", .bool(episode.isPlayable)), ("played", .bool(episode.isPlayed)), ("position", .number(episode.position)),
            ("favorite", .bool(episode.isFavorite)),
            ("file", .string(episode.downloadPath.map { paths.file(forDownload: $0).path })),
            ("first_seen", .string(ISO8601.string(episode.firstSeen))),
        ])
    }
}
