/// An episode's chapters from the best source that has them: the feed's (Podlove Simple Chapters), then the
/// MP3's ID3v2 tag. The one place the order of the sources is decided.
public enum ChapterFinder {
    /// The chapters the feed gave (`feed`), else those of the tag of `file` when it is a local MP3; a tag whose
    /// chapters cannot be used is passed over, and `warn` told why.
    public static func chapters(feed: [Chapter], file: String?, warn: (String) -> Void = { _ in }) -> ChapterList {
        if !feed.isEmpty { return ChapterList(source: .psc, chapters: feed) }
        guard let file, file.hasPrefix("/") || !file.contains("://") else { return .none }
        do {
            let chapters = try ID3Chapters.read(path: file)
            return chapters.isEmpty ? .none : ChapterList(source: .id3, chapters: chapters)
        } catch {
            warn("\(file): ID3 chapters left out: \(error.reason)")
            return .none
        }
    }
}
