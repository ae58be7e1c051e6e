import PodcastKit

/// Drives the podcast:chapters JSON reader and checks what it returns (`ChapterChecks`); errors are one line.
enum ChaptersProbe {
    static func run(_ bytes: [UInt8]) {
        let chapters: [Chapter]
        do {
            chapters = try JSONChapters.parse(bytes)
        } catch {
            Finding.check(!error.reason.isEmpty && !error.reason.contains("\n"), "a chapters error is not one line: \(error.reason)")
            return
        }
        ChapterChecks.check(chapters)
    }
}
