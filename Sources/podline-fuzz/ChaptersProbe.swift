import PodcastKit

/// Drives the podcast:chapters JSON reader and checks what it returns: chapters that start at a time, end no
/// earlier, come in order of their starts and do not overlap; errors are one line.
enum ChaptersProbe {
    static func run(_ bytes: [UInt8]) {
        let chapters: [Chapter]
        do {
            chapters = try JSONChapters.parse(bytes)
        } catch {
            Finding.check(!error.reason.isEmpty && !error.reason.contains("\n"), "a chapters error is not one line: \(error.reason)")
            return
        }
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
