/// Where `chapter next|prev|N` goes.
public enum ChapterMove: Sendable, Equatable {
    case next
    case previous
    /// The chapter numbered from 1.
    case number(Int)
}

extension Player {
    /// How close to a chapter's start `previous` goes to the chapter before it, as every player does.
    nonisolated public static let previousChapterWindow = 3.0

    /// Chapters found after `itemID` started (a chapters file fetched, a stream's tag arrived): they replace the
    /// current ones when that item still plays and they come from a preferred source.
    public func offerChapters(_ found: ChapterList, for itemID: String) {
        guard current?.id == itemID else { return }
        chapters = chapters.preferring(found)
    }

    /// A stream is opened for the current episode: what the last one's comparison found holds no more. Returns its
    /// number, for `offerInsertedInStream`.
    public func openingStream() -> Int {
        streamsOpened += 1
        insertedInStream = []
        return streamsOpened
    }

    /// True while the stream numbered `stream` is the last one opened for an episode still loaded.
    public func isStreamOpen(_ stream: Int) -> Bool {
        current != nil && streamsOpened == stream
    }

    /// What comparing the stream numbered `stream`, kept whole, with a second fetch found: kept while it is the one open.
    public func offerInsertedInStream(_ stretches: [ClosedRange<Double>], stream: Int) {
        guard isStreamOpen(stream) else { return }
        insertedInStream = stretches
    }

    /// The chapter the heard position is in, numbered from 1; nil before the first or without chapters.
    public var currentChapter: (number: Int, chapter: Chapter)? {
        Self.chapter(at: position, in: chapters.chapters)
    }

    /// The chapter of `chapters` that `position` is in (the last to start at or before it), numbered from 1.
    nonisolated public static func chapter(at position: Double, in chapters: [Chapter]) -> (number: Int, chapter: Chapter)? {
        guard let index = chapters.lastIndex(where: { $0.start <= position + 0.001 }) else { return nil }
        if let end = chapters[index].end, end <= position, index == chapters.count - 1 { return nil }
        return (index + 1, chapters[index])
    }

    /// The start of the chapter `move` names from `position`, among chapters that start before the end;
    /// nil when there is none.
    nonisolated public static func target(
        of move: ChapterMove, from position: Double, in chapters: [Chapter], duration: Double?
    ) -> Double? {
        let playable = chapters.filter { chapter in duration.map { chapter.start < $0 } ?? true }
        switch move {
        case .next:
            return playable.first { $0.start > position + 0.5 }?.start
        case .previous:
            guard let (number, chapter) = chapter(at: position, in: playable) else { return playable.first?.start }
            if position - chapter.start < previousChapterWindow, number > 1 { return playable[number - 2].start }
            return chapter.start
        case .number(let number):
            guard number >= 1, number <= playable.count else { return nil }
            return playable[number - 1].start
        }
    }

    /// Seeks to the start of the chapter `move` names; false when there is none.
    public func moveToChapter(_ move: ChapterMove) -> Bool {
        guard let start = Self.target(of: move, from: position, in: chapters.chapters, duration: duration) else { return false }
        seek(to: start)
        return true
    }
}
