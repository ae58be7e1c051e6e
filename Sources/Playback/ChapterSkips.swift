import AudioEngine
import PodcastKit

/// The stretches playback leaves out for `skip_chapters`: each chapter whose title matches a pattern, from its start
/// to its end (else the next chapter's start, else the end of the episode).
public enum ChapterSkips {
    public static func ranges(_ chapters: [Chapter], patterns: [String]) -> [SkipRange] {
        guard !patterns.isEmpty, !chapters.isEmpty else { return [] }
        let titles = TitlePatterns(patterns)
        let ordered = chapters.sorted { $0.start < $1.start }
        return ordered.enumerated().compactMap { index, chapter in
            guard let title = chapter.title, titles.matches(title) else { return nil }
            return SkipRange(start: chapter.start, end: ordered.end(ofChapterAt: index), title: title)
        }
    }
}
