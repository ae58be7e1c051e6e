import AudioEngine
import PodcastKit

/// The stretches playback leaves out for `skip_phrases`: each transcript cue that says a phrase (letters' case and
/// runs of white space aside), from the cue's start to the end of the chapter it lies in when that chapter is short
/// enough to be a break, else to the cue's own end.
public enum PhraseSkips {
    /// The longest chapter taken for a break (an ad read): a cue in a longer one is left out alone.
    public static let longestBreak = 180.0

    public static func ranges(_ cues: [TranscriptCue], chapters: [Chapter], phrases: [String]) -> [SkipRange] {
        let wanted = phrases.map(folded).filter { !$0.isEmpty }
        guard !wanted.isEmpty, !cues.isEmpty else { return [] }
        let timed = cues.filter { $0.start != nil }.sorted { $0.start! < $1.start! }
        let ordered = chapters.sorted { $0.start < $1.start }
        return timed.enumerated().compactMap { index, cue in
            let text = folded(cue.text)
            guard let start = cue.start, let phrase = wanted.first(where: text.contains) else { return nil }
            guard let end = cue.end ?? (index + 1 < timed.count ? timed[index + 1].start : nil), end > start else { return nil }
            return SkipRange(start: start, end: max(end, breakEnd(around: start, in: ordered) ?? end), title: phrase, reason: .phrase)
        }
    }

    /// The end of the chapter holding `time`, when it runs no longer than `longestBreak`.
    private static func breakEnd(around time: Double, in chapters: [Chapter]) -> Double? {
        guard let index = chapters.lastIndex(where: { $0.start <= time }) else { return nil }
        guard let end = chapters.end(ofChapterAt: index), end > time, end - chapters[index].start <= longestBreak else { return nil }
        return end
    }

    /// `text` in lower case with each run of white space one space.
    private static func folded(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
