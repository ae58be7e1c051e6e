import AudioEngine
import Foundation
import Playback
import PodcastKit

/// How long an episode will take to hear, as the player will play it: from where it starts (its place rewound, else
/// after the show's intro) to where it ends (before the show's outro), less what it skips (chapters, inserted
/// stretches of a download, cues that say a phrase: `SkipPlan`, as the player reckons them), less the share of silence
/// skipping silence has taken out of the show's episodes so far, at the show's speed.
package struct ListeningForecast: Equatable, Sendable {
    package var ref: String
    package var title: String
    /// Seconds of the episode from where it starts to where it ends.
    package var remaining: Double
    /// Seconds of them skipped, for every reason, and of those for chapters.
    package var skipped: Double
    package var chaptersSkipped: Double
    /// The share of what is played that skipping silence leaves out (0 when it is off for the show).
    package var silenceShare: Double
    package var speed: Double

    /// Seconds of listening.
    package var predicted: Double { max(0, remaining - skipped) * (1 - silenceShare) / speed }

    /// The forecast for `listing`; nil when its length is unknown. `shares` keeps each show's share of silence once
    /// read, for the next episode of the show.
    package static func of(
        _ listing: EpisodeListing, store: LibraryStore, settings: Settings, shares: inout [String: Double]
    ) throws(StoreError) -> ListeningForecast? {
        let episode = listing.episode
        guard let duration = episode.duration, duration > 0 else { return nil }
        let show = settings.show(listing.showSlug)
        var start = episode.isPlayed ? 0 : max(0, episode.position - settings.rewindOnResume)
        if start == 0, let intro = show.skipIntro { start = intro }
        let end = max(start, duration - (show.skipOutro ?? 0))
        let patterns = show.skipChapters ?? settings.skipChapters
        let phrases = show.skipPhrases ?? settings.skipPhrases
        // What the player will find: the inserted stretches when it plays the download, the transcript it kept.
        let inserted =
            settings.skipInserted(forShow: listing.showSlug) && episode.downloadPath != nil
            ? (try episode.id.flatMap(store.insertedComparison(episodeID:)))?.skipped ?? [] : []
        let cues = phrases.isEmpty ? [] : (try episode.id.flatMap(store.keptTranscript(episodeID:)))?.cues ?? []
        var chapters: [Chapter] = []
        if !patterns.isEmpty || !cues.isEmpty {
            let file = episode.downloadPath.map { store.paths.file(forDownload: $0).path }
            chapters = ChapterFinder.chapters(fetched: episode.keptChapters, feed: episode.feedChapters, file: file).chapters
        }
        let ranges = SkipPlan.ranges(chapters: chapters, skipChapters: patterns, inserted: inserted, cues: cues, skipPhrases: phrases)
        let skipped = SkipPlan.seconds(ranges, from: start, to: end)
        let chaptersSkipped = SkipPlan.seconds(ranges.filter { $0.reason == .chapter }, from: start, to: end)
        var share = 0.0
        if show.skipSilence ?? settings.skipSilence {
            if let known = shares[listing.showSlug] {
                share = known
            } else {
                let heard = try store.listeningTotal(ListeningTotal.heard(show: listing.showSlug))
                let saved = try store.listeningTotal(ListeningTotal.timeSaved(show: listing.showSlug))
                if heard > 0 { share = min(0.9, saved / heard) }
                shares[listing.showSlug] = share
            }
        }
        return ListeningForecast(
            ref: listing.ref, title: episode.title ?? listing.ref, remaining: end - start, skipped: skipped,
            chaptersSkipped: chaptersSkipped,
            silenceShare: share, speed: settings.speed(forShow: listing.showSlug))
    }

    /// The forecast as data.
    package var json: JSONValue {
        .object([
            ("ref", .string(ref)), ("title", .string(title)), ("predicted", .number(predicted)), ("remaining", .number(remaining)),
            ("skipped", .number(skipped)), ("chapters_skipped", .number(chaptersSkipped)), ("silence_share", .number(silenceShare)),
            ("speed", .number(speed)),
        ])
    }
}
