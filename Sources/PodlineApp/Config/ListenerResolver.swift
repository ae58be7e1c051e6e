import PodcastKit

extension PlayableResolver {
    /// A resolver that streams the format config.toml prefers (`prefer_format`, general or the show's) when a feed
    /// offers an episode in several files, as the settings are when each episode is resolved, and knows playlists.
    package static func forListener(paths: LibraryPaths) -> PlayableResolver {
        var resolver = PlayableResolver(paths: paths)
        resolver.mediaChoice = { Configuration.settings.mediaChoice(forShow: $0) }
        resolver.playlist = { name, store throws(StoreError) in try PlaylistContents.listings(named: name, in: store) }
        return resolver
    }
}
