/// One chapter of an episode: where it starts and what it is called.
public struct Chapter: Sendable, Equatable {
    /// Seconds from the start of the episode.
    public var start: Double
    /// Seconds from the start, when the source says where it ends.
    public var end: Double?
    public var title: String?
    /// A link about the chapter.
    public var url: String?
    /// The chapter's picture: a URL, or `embedded` for a picture inside the MP3's tag (not decoded).
    public var image: String?

    public init(start: Double, end: Double? = nil, title: String? = nil, url: String? = nil, image: String? = nil) {
        self.start = start
        self.end = end
        self.title = title
        self.url = url
        self.image = image
    }
}

/// Where an episode's chapters came from, in the order they are preferred.
public enum ChapterSource: String, Sendable, Equatable, CaseIterable {
    /// A Podcasting 2.0 JSON chapters file named by the feed.
    case podcastChapters = "podcast:chapters"
    /// Podlove Simple Chapters in the feed.
    case psc
    /// ID3v2 CHAP frames in the MP3.
    case id3
    /// An MP4's own chapters: Nero `chpl`, or a QuickTime chapter track (enhanced podcasts).
    case mp4
    /// `CHAPTERxxx` Vorbis comments (Ogg Opus, Ogg Vorbis, FLAC).
    case vorbisComments = "vorbis-comments"
    /// The titles a live stream's server sends between its audio (Icecast's `StreamTitle`), where each was heard.
    case streamTitle = "stream-title"

    /// True when this source is preferred to `other`: the order of the cases.
    public func isPreferred(to other: ChapterSource) -> Bool {
        Self.allCases.firstIndex(of: self)! < Self.allCases.firstIndex(of: other)!
    }
}

/// An episode's chapters and their source.
public struct ChapterList: Sendable, Equatable {
    public var source: ChapterSource?
    public var chapters: [Chapter]

    public init(source: ChapterSource?, chapters: [Chapter]) {
        self.source = source
        self.chapters = chapters
    }

    /// No chapters from any source.
    public static let none = ChapterList(source: nil, chapters: [])

    /// Where the chapter at `index` ends: its own end, else the next chapter's start, else (the last) the episode's
    /// `duration` when known.
    public func end(ofChapterAt index: Int, duration: Double?) -> Double? {
        if let end = chapters[index].end { return end }
        return index + 1 < chapters.count ? chapters[index + 1].start : duration
    }

    /// Chapters from `source`, or none when `chapters` is empty.
    public init(_ source: ChapterSource, _ chapters: [Chapter]) {
        self = chapters.isEmpty ? .none : ChapterList(source: source, chapters: chapters)
    }

    /// This list or `other`, whichever comes from the preferred source (this one when they tie or other is empty).
    public func preferring(_ other: ChapterList) -> ChapterList {
        guard let theirs = other.source, !other.chapters.isEmpty else { return self }
        guard let ours = source, !chapters.isEmpty else { return other }
        return theirs.isPreferred(to: ours) ? other : self
    }

    /// `chapters` checked: each starts at a time and ends no earlier; in order of their starts (put in that
    /// order when `sorting`, else required to be in it) and not overlapping.
    public static func validated(_ chapters: [Chapter], sorting: Bool) -> Result<[Chapter], ChapterError> {
        for chapter in chapters {
            guard chapter.start.isFinite, chapter.start >= 0 else {
                return .failure(ChapterError("a chapter starts at \(chapter.start) s"))
            }
            if let end = chapter.end, !(end.isFinite && end >= chapter.start) {
                return .failure(ChapterError("a chapter ends (\(end) s) before it starts (\(chapter.start) s)"))
            }
        }
        let ordered =
            sorting
            ? chapters.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
            : chapters
        for (earlier, later) in zip(ordered, ordered.dropFirst()) {
            if later.start < earlier.start { return .failure(ChapterError("the chapters are not in order of their starts")) }
            if let end = earlier.end, end > later.start { return .failure(ChapterError("two chapters overlap")) }
        }
        return .success(ordered)
    }
}

/// Why a source's chapters were not used.
public struct ChapterError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

extension [Chapter] {
    /// Where the chapter at `index` of these chapters (in order of start) ends: its own end, else the next one's start;
    /// nil for the last one with no end (it runs to the end of the episode).
    public func end(ofChapterAt index: Int) -> Double? {
        self[index].end ?? (index + 1 < count ? self[index + 1].start : nil)
    }
}
