import Foundation
import Logging
import PodcastKit

/// Writes what the player model says about listening into the library's model: positions (throttled), played state at
/// the end of an episode; the library keeps them and its observers hear of them. A failed write is reported on
/// standard error, once per reason, never dropped.
@MainActor
final class PlaybackJournal {
    private let library: Library?
    private var store: LibraryStore? { library?.store }
    private let settings: PlaybackSettings
    private var lastSave = Date.distantPast
    /// The chapters `knownChapters` last read, and of which item.
    private var lastKnownChapters: (id: String, chapters: ChapterList)?
    private var reported: Set<String> = []
    /// The episode last heard and where: what a stop or a quit saves once the model has let go of it.
    private(set) var lastHeard: (item: NowPlaying, position: Double)?

    /// Each episode's integrated loudness, for normalisation.
    private(set) lazy var loudness = EpisodeLoudness(store: store, trustsTags: settings.settings.replayGain) { [unowned self] in
        self.listing($0)?.episode.id
    }

    private let warn: PlayerWarning
    /// The output's driver, as the listening log names it.
    private let output: String?

    init(library: Library?, settings: PlaybackSettings, output: String? = nil, warn: @escaping PlayerWarning) {
        self.library = library
        self.settings = settings
        self.output = output
        self.warn = warn
    }

    /// The stretch being heard now, kept in the listening log as it grows (at each save) and closed where listening
    /// stops (a pause, a seek, a skipped chapter, a change of speed, the episode's end).
    private var hearing: (item: String, stretch: ListeningStretch, row: Int64?)?

    /// Where `item` starts: its own start, else where it was left (rewound), else its show's `skip_intro`, else 0.
    func start(for item: NowPlaying) -> Double {
        var start = item.start ?? 0
        if item.start == nil, let listing = listing(item), !listing.episode.isPlayed {
            start = max(0, listing.episode.position - settings.resumeRewind)
        }
        if item.start == nil, start == 0, let intro = settings.listening(for: item).skipIntro { start = intro }
        planned = (item.id, start)
        stretch = (item.id, start)
        return start
    }

    /// Where the current stretch of listening began (the episode's id and position): what a final save reports with it.
    private var stretch: (id: String, start: Double)?

    /// The episode planned last and its start: the model's position is set to it before anything is heard.
    private var planned: (id: String, start: Double)?

    /// The model's position moved, heard at `speed`: remembered, and saved when the last save is old enough, or at once
    /// when nothing plays (a seek or a pause settling: no later report would save it) unless it is within the played
    /// margin of the end, which the final save of a pause or a stop marks played.
    func heard(_ item: NowPlaying, at position: Double, speed: Double = 1, playing: Bool = true) {
        if let planned, planned.id == item.id, planned.start == position { return }
        // Listening moves the position on by a report's worth; a seek jumps, and is not listening.
        // Where it was heard last: its last report, else (its first report) where it was planned to start.
        let before =
            lastHeard.flatMap { $0.item.id == item.id ? $0.position : nil } ?? planned.flatMap { $0.id == item.id ? $0.start : nil }
        if let before, position > before, settings.rendersFast || position - before <= Self.longestStep {
            unsavedHeard += position - before
            if let slug = item.showSlug { unsavedByShow[slug, default: (0, 0)].heard += position - before }
            extendStretch(item, from: before, to: position, speed: speed)
        } else {
            closeStretch()
        }
        lastHeard = (item, position)
        movedTo = nil
        if stretch?.id != item.id { stretch = (item.id, position) }
        if playing {
            if Date().timeIntervalSince(lastSave) >= settings.saveInterval { save(item, position, final: false) }
        } else if !nearEnd(item, position) {
            save(item, position, final: false)
        }
    }

    /// Whether `position` is within the played margin of `item`'s end, as far as its length is known without the library.
    private func nearEnd(_ item: NowPlaying, _ position: Double) -> Bool {
        guard let length = item.duration ?? lengthOpened(item) else { return false }
        return PlayedMargin.reached(position, length: length, margin: settings.playedMargin)
    }

    /// The engine played `item` up to `start`, left out what follows (a skipped chapter) and goes on at `position`:
    /// what was played before is heard, the move is not listening.
    func jumped(_ item: NowPlaying, from start: Double, to position: Double, speed: Double) {
        // Nothing past `start` was heard, whatever a report said before the jump was known.
        if let open = hearing, open.item == item.id, open.stretch.from < start, open.stretch.to > start { hearing?.stretch.to = start }
        heard(item, at: start, speed: speed)
        closeStretch()
        if let (last, _) = lastHeard, last.id == item.id { lastHeard = (item, position) }
    }

    /// The listener moved the position of `item` (a seek): the stretch heard ends where it was, and what the next report
    /// says is not listening. Until that report comes, a pause or a stop keeps the place the seek asked for, counted from
    /// `position` (the model's) or from a seek still unreported, up to `duration`. What was heard before the seek is a
    /// stretch of its own for sync, and the next one begins where the seek goes: a play never spans what was skipped.
    func seeked(_ item: NowPlaying, _ request: SeekRequest, from position: Double, duration: Double?) {
        closeStretch()
        let base = movedTo.flatMap { $0.item.id == item.id ? $0.position : nil } ?? position
        let target = max(0, request.isRelative ? base + request.seconds : request.seconds)
        let place = min(target, duration ?? target)
        if let (last, heardTo) = lastHeard, last.id == item.id, let begun = stretch, begun.id == item.id, heardTo > begun.start,
            let id = listing(item)?.episode.id
        {
            write(item, .listened(id, from: max(0, begun.start), to: heardTo))
        }
        stretch = (item.id, place)
        movedTo = (item, place)
        if let (last, _) = lastHeard, last.id == item.id { lastHeard = nil }
        if planned?.id == item.id { planned = nil }
    }

    /// Where the last seek asked `item` to go, until the engine reports a position again.
    private var movedTo: (item: NowPlaying, position: Double)?

    /// Where `item`'s listener stands: the last report, else the place a seek since then asked for.
    private var standing: (item: NowPlaying, position: Double)? { lastHeard ?? movedTo }

    /// `item` was heard from `from` to `to` at `speed`: the open stretch grows, or (another episode, another speed)
    /// is closed and a new one begins.
    private func extendStretch(_ item: NowPlaying, from: Double, to: Double, speed: Double) {
        let now = Date()
        if let open = hearing, open.item == item.id, open.stretch.speed == speed, open.stretch.to == from {
            hearing?.stretch.to = to
            hearing?.stretch.endedAt = now
            return
        }
        closeStretch()
        guard let id = item.marks?.episodeID else { return }
        // In real time the stretch began a report before; an output written faster than that began it now.
        let began = settings.rendersFast ? now : now.addingTimeInterval(-(to - from) / max(speed, 0.01))
        hearing = (
            item.id, ListeningStretch(episodeID: id, from: from, to: to, startedAt: began, endedAt: now, speed: speed, output: output), nil
        )
    }

    /// Keeps the open stretch in the log as it stands (a new row, else its row updated).
    private func keepStretch() {
        guard let store, let open = hearing else { return }
        do {
            hearing?.row = try store.logListening(open.stretch, id: open.row)
        } catch {
            report("cannot keep the listening log: \(error)")
        }
    }

    /// Keeps the open stretch and ends it: what is heard next begins another.
    private func closeStretch() {
        keepStretch()
        hearing = nil
    }

    /// Saves where the current or last-heard episode stands now (pause, stop, quit).
    func saveNow() {
        guard let (item, position) = standing else { return }
        save(item, position, final: true)
    }

    /// The episode `item` ended: played to the end (`eof`) marks it played, anything else saves its place. An episode
    /// played to its end whose length nothing gave (a stream of a feed without lengths) has it now: where it ended.
    func ended(_ item: NowPlaying, reason: EndReason) {
        defer {
            lastHeard = nil
            movedTo = nil
        }
        // Heard to its end: the stretch reaches it, past the last report (seconds before it, from a file output).
        if reason == .eof, let open = hearing, open.item == item.id,
            let end = lengthOpened(item) ?? item.duration, end > open.stretch.to
        {
            extendStretch(item, from: open.stretch.to, to: end, speed: open.stretch.speed)
        }
        saveTimeSaved()
        closeStretch()
        guard reason == .eof else {
            if let (heard, position) = standing, heard.id == item.id { save(heard, position, final: true) }
            return
        }
        guard let listing = listing(item), let id = listing.episode.id else { return }
        if let (heard, position) = lastHeard, heard.id == item.id, item.duration == nil, listing.episode.duration == nil {
            learn(item, id: id, length: position)
        }
        // Begun within a second of its end (a resume of an episode left there, a start past its length): nothing of
        // it was heard, and the library keeps it as it was.
        if let planned, planned.id == item.id, planned.start > 0,
            let end = lastHeard.flatMap({ $0.item.id == item.id ? $0.position : nil }) ?? item.duration ?? listing.episode.duration,
            end - planned.start < Self.leastHeardToFinish
        {
            return
        }
        write(item, .played([id], true))
    }

    /// The length the engine found when it opened the episode last opened.
    private var openedLength: (id: String, length: Double)?

    /// The length the engine found for `item`, when it was the episode last opened.
    private func lengthOpened(_ item: NowPlaying) -> Double? {
        openedLength.flatMap { $0.id == item.id ? $0.length : nil }
    }

    /// The least of an episode heard in one go for its end to mark it played.
    static let leastHeardToFinish = 1.0

    /// The engine opened `item` and says how long it is (its file's header, else its decoder's estimate): kept as the
    /// episode's length when its feed gave none, so that listings, the played margin and sync know it.
    func opened(_ item: NowPlaying, duration: Double) {
        openedLength = (item.id, duration)
        guard item.duration == nil, duration > 0, let listing = listing(item), listing.episode.duration == nil,
            let id = listing.episode.id
        else { return }
        learn(item, id: id, length: duration)
    }

    private func learn(_ item: NowPlaying, id: Int64, length: Double) {
        guard let store, length > 0 else { return }
        do {
            try store.learnDuration(episodeID: id, length)
        } catch {
            report("cannot keep the length of \(item.ref ?? item.title): \(error)")
        }
    }

    /// Seconds saved by skipping silence, not yet added to the library's lifetime total.
    private var unsavedTimeSaved = 0.0

    /// Skipping silence saved `seconds` more of `item` (a new episode's count starting again at 0 adds nothing).
    func timeSaved(grewBy seconds: Double, of item: NowPlaying?) {
        guard seconds > 0 else { return }
        if let open = hearing, open.item == item?.id { hearing?.stretch.silenceSkipped += seconds }
        unsavedTimeSaved += seconds
        if let slug = item?.showSlug { unsavedByShow[slug, default: (0, 0)].saved += seconds }
    }

    /// Seconds heard and saved by show (its slug) since the last save: what `plan` predicts a show's silence from.
    private var unsavedByShow: [String: (heard: Double, saved: Double)] = [:]

    /// Seconds heard since the last save.
    private var unsavedHeard = 0.0
    /// The most a position report moves on while listening (at 3x, with a busy machine's late report).
    private static let longestStep = 5.0

    /// Adds the seconds saved and heard since the last save to the lifetime totals (`podline stats`).
    private func saveTimeSaved() {
        guard let store else { return }
        var totals = [(ListeningTotal.timeSaved, unsavedTimeSaved), (ListeningTotal.heard, unsavedHeard)]
        for (slug, show) in unsavedByShow {
            totals += [(ListeningTotal.timeSaved(show: slug), show.saved), (ListeningTotal.heard(show: slug), show.heard)]
        }
        for (name, seconds) in totals where seconds > 0 {
            do {
                try store.addToListeningTotal(name, seconds)
            } catch {
                report("cannot add to the library's listening totals: \(error)")
            }
        }
        unsavedTimeSaved = 0
        unsavedHeard = 0
        unsavedByShow = [:]
    }

    private func save(_ item: NowPlaying, _ position: Double, final: Bool) {
        lastSave = Date()
        saveTimeSaved()
        if final { closeStretch() } else { keepStretch() }
        guard let listing = listing(item), let id = listing.episode.id else { return }
        let duration = item.duration ?? listing.episode.duration
        if final, let duration, PlayedMargin.reached(position, length: duration, margin: settings.playedMargin) {
            write(item, .played([id], true))
            stretch = nil
        } else if final, let begun = stretch, begun.id == item.id {
            // A stretch of listening ends here (pause, stop, another episode, quit); the next one begins where this
            // position is heard again.
            write(item, .listened(id, from: max(0, begun.start), to: max(0, position)))
            stretch = nil
        } else {
            write(item, .position(id, max(0, position)))
        }
    }

    /// `item` starts: its chapters from what is at hand (a chapters file kept in the library, its feed's, else
    /// its file's tag), returned now. What its feed names and the library lacks is fetched meanwhile, from one
    /// read of the episode: a podcast:chapters file, handed to `chaptersFound` on the main actor, and a
    /// transcript, kept so that `transcript` and `search` have it, offline too, and handed to `transcriptFound`.
    /// The chapters `item` has before anything is fetched: kept in the library, given by the feed, or in its file's
    /// tag. Read once an episode (its coordinator asks before it loads, `started` after).
    func knownChapters(_ item: NowPlaying) -> ChapterList {
        if let known = lastKnownChapters, known.id == item.id { return known.chapters }
        let episode = item.ref == nil ? nil : listing(item)?.episode
        let chapters = ChapterFinder.chapters(
            fetched: episode?.keptChapters, feed: episode?.feedChapters ?? [], file: item.isRemote ? nil : item.url
        ) { Logger(label: "podline.chapters").warning("\($0)") }
        lastKnownChapters = (item.id, chapters)
        return chapters
    }

    /// The stretches a server inserted into `item`'s download, as comparing it with a second fetch showed; none when it
    /// plays from elsewhere (a stream may hold other ones), was not compared, or the comparison is not trusted.
    func insertedStretches(_ item: NowPlaying) -> [ClosedRange<Double>] {
        guard !item.isRemote, let store, let id = listing(item)?.episode.id else { return [] }
        return (try? store.insertedComparison(episodeID: id))?.skipped ?? []
    }

    func started(
        _ item: NowPlaying, chaptersFound: @escaping @MainActor @Sendable (ChapterList) -> Void,
        transcriptFound: @escaping @MainActor @Sendable ([TranscriptCue]) -> Void
    ) -> ChapterList {
        let episode = item.ref == nil ? nil : listing(item)?.episode
        let chapters = knownChapters(item)
        guard let store, let episode, let id = episode.id else { return chapters }
        let name = item.ref ?? item.title
        if ChaptersKeeper.needsFetch(episode) {
            Task.detached {
                let keeper = ChaptersKeeper(store: store, http: .shared)
                guard let found = await keeper.chapters(of: episode, warn: { Logger(label: "podline.chapters").warning("\(name): \($0)") })
                else { return }
                await MainActor.run { chaptersFound(ChapterList(.podcastChapters, found)) }
            }
        }
        if TranscriptKeeper.needsFetch(episode, keptURL: (try? store.keptTranscriptURL(episodeID: id)) ?? nil) {
            Task.detached {
                let kept = try? await TranscriptKeeper(store: store, http: .shared).transcript(of: episode) {
                    Logger(label: "podline.transcript").warning("\(name): \($0)")
                }
                guard let cues = kept?.cues else { return }
                await MainActor.run { transcriptFound(cues) }
            }
        }
        return chapters
    }

    /// The transcript kept in the library for `item`; empty when there is none (or it is not a library episode).
    func keptTranscript(_ item: NowPlaying) -> [TranscriptCue] {
        guard let store, let id = listing(item)?.episode.id else { return [] }
        do {
            return try store.keptTranscript(episodeID: id)?.cues ?? []
        } catch {
            report("cannot read the transcript of \(item.ref ?? item.title): \(error)")
            return []
        }
    }

    private func listing(_ item: NowPlaying) -> EpisodeListing? {
        guard let ref = item.ref, let store, let reference = EpisodeReference(ref) else { return nil }
        do {
            return try store.episode(reference)
        } catch {
            report("cannot read \(ref) from the library: \(error)")
            return nil
        }
    }

    private func write(_ item: NowPlaying, _ change: LibraryChange) {
        guard let library else { return }
        do {
            try library.apply(change)
        } catch {
            report("cannot save the place in \(item.ref ?? item.title): \(error)")
        }
    }

    private func report(_ message: String) {
        guard reported.insert(message).inserted else { return }
        warn(message)
    }
}
