import PodcastKit

/// What every chapter reader promises of the chapters it returns: each starts at a finite time, none ends
/// before it starts, they come in order of their starts and do not overlap.
enum ChapterChecks {
    static func check(_ chapters: [Chapter]) {
        for chapter in chapters {
            Finding.check(chapter.start.isFinite && chapter.start >= 0, "a chapter starts at \(chapter.start)")
            if let end = chapter.end { Finding.check(end >= chapter.start, "a chapter ends before it starts") }
        }
        for (earlier, later) in zip(chapters, chapters.dropFirst()) {
            Finding.check(earlier.start <= later.start, "the chapters are out of order")
            if let end = earlier.end { Finding.check(end <= later.start, "two chapters overlap") }
        }
    }
}
