/// An episode's chapters from the best source that has them: a podcast:chapters file kept in the library, the
/// feed's Podlove Simple Chapters, then the MP3's ID3v2 tag (the order of `ChapterSource`).
public enum ChapterFinder {
    /// The best of `fetched` (a podcast:chapters file's), `feed` (psc) and the tag of `file` when it is a local
    /// MP3. A tag whose chapters cannot be used is passed over, and `warn` told why.
    public static func chapters(
        fetched: [Chapter]? = nil, feed: [Chapter], file: String?, warn: (String) -> Void = { _ in }
    ) -> ChapterList {
        let given = ChapterList(.podcastChapters, fetched ?? []).preferring(ChapterList(.psc, feed))
        guard given.source == nil, let file, file.hasPrefix("/") || !file.contains("://") else { return given }
        if let container = ContainerTags(path: file) {
            let chapters = container.chapters
            return chapters.isEmpty ? .none : ChapterList(container.chapterSource, chapters)
        }
        do {
            return ChapterList(.id3, try ID3Chapters.read(path: file))
        } catch {
            warn("\(file): ID3 chapters left out: \(error.reason)")
            return .none
        }
    }
}
