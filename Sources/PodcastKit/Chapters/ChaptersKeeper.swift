/// Fetches an episode's podcast:chapters file once and keeps its chapters in the library, so that they work
/// offline afterwards.
public struct ChaptersKeeper: Sendable {
    let store: LibraryStore
    let http: HTTPFetcher

    public init(store: LibraryStore, http: HTTPFetcher) {
        self.store = store
        self.http = http
    }

    /// True when `episode`'s feed names a chapters file whose chapters are not kept yet.
    public static func needsFetch(_ episode: EpisodeRecord) -> Bool {
        episode.chaptersURL != nil && episode.keptChapters == nil
    }

    /// The chapters of `episode`'s podcast:chapters file: those kept, else fetched now and kept. Nil when its feed
    /// names no such file or it cannot be used; `warn` is told why.
    public func chapters(of episode: EpisodeRecord, warn: @Sendable (String) -> Void = { _ in }) async -> [Chapter]? {
        if let kept = episode.keptChapters { return kept }
        guard let url = episode.chaptersURL, let id = episode.id else { return nil }
        do {
            let chapters = try await RemoteChapters.file(url, http: http)
            do {
                try store.keepChapters(episodeID: id, url: url, chapters)
            } catch {
                warn("podcast:chapters not kept in the library: \(error)")
            }
            return chapters
        } catch {
            warn("podcast:chapters left out: \(error.reason)")
            return nil
        }
    }
}
