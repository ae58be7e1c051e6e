import AudioEngine
import PodcastKit

/// The stretches of an episode the engine leaves out, for every reason: chapters by title (`skip_chapters`), what a
/// second fetch of the download lacked (`skip_inserted`), transcript cues that say a phrase (`skip_phrases`). The
/// coordinator hands them to the engine and `plan`'s forecast counts them: one reckoning for both.
public enum SkipPlan {
    /// The stretches, in order of their starts (they may overlap).
    public static func ranges(
        chapters: [Chapter], skipChapters: [String], inserted: [ClosedRange<Double>], cues: [TranscriptCue], skipPhrases: [String]
    ) -> [SkipRange] {
        let stretches = inserted.map { SkipRange(start: $0.lowerBound, end: $0.upperBound, reason: .inserted) }
        let said = skipPhrases.isEmpty ? [] : PhraseSkips.ranges(cues, chapters: chapters, phrases: skipPhrases)
        return (ChapterSkips.ranges(chapters, patterns: skipChapters) + stretches + said).sorted { $0.start < $1.start }
    }

    /// Seconds of `from...to` that `ranges` (in order of their starts) leave out, each counted once however many ranges
    /// hold it; a range without an end runs to `to`.
    public static func seconds(_ ranges: [SkipRange], from start: Double, to end: Double) -> Double {
        var total = 0.0
        var reached = start
        for range in ranges {
            let low = max(range.start, reached)
            let high = min(range.end ?? end, end)
            guard high > low else { continue }
            total += high - low
            reached = high
        }
        return total
    }
}
