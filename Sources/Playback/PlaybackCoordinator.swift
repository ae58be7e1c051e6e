import AudioEngine
import DataFlow
import Foundation
import PodcastKit

/// Drives the engine and the library from the Player model, the way the seeds' views react to `isPlaying` in
/// onChange.
///
/// Handlers never write the engine directly: they only change the model, and these observers turn each change
/// into an engine command or a saved position. The episode is planned once per identity (a StateObject under
/// `.id(item.id)`). An animated change (withAnimation, Binding.animation) becomes a fade of its duration.
struct PlaybackCoordinator: View {
    @Environment(Player.self) private var player
    let engine: EngineClient
    let journal: PlaybackJournal
    let settings: PlaybackSettings
    /// The engine's source for an item: a file, or a stream for a URL.
    let source: @MainActor (NowPlaying) -> EngineSource
    let ticks: AnyPublisher<Date, Never>
    /// Asks the session to fall asleep (fade out over `fade` seconds and stop) after the current update.
    let sleep: @MainActor (_ fade: Double) -> Void

    var body: some View {
        Group {
            if let item = player.current {
                EpisodeSessionView(makeSession: plan(item), isPlaying: player.isPlaying, seekRequest: player.seekRequest)
                    .id(item.id)
            }
            PositionJournal(journal: journal)
        }
        .onChange(of: player.state) { old, new in
            // Loading and stopping are the episode session's and the identity observer's; this is pause and resume.
            let fade = Transaction.current.animation?.duration ?? 0
            switch (old, new) {
            case (.paused, .playing): engine.resume(fade)
            case (.playing, .paused):
                engine.pause(fade)
                journal.saveNow()
            default: break
            }
        }
        .onChange(of: player.current) { old, new in
            if let old, old.id != new?.id {
                let reason = player.lastEnd ?? .stop
                journal.ended(old, reason: reason)
                if new == nil { engine.stop(EngineEndReason(rawValue: reason.rawValue) ?? .stop) }
            }
            if let new, old?.id != new.id {
                let listening = settings.listening(for: new)
                player.speed = listening.speed
                player.skipSilence = listening.skipSilence
                player.normalize = listening.normalize
                player.voiceBoost = listening.voiceBoost
                if let volume = listening.volume { player.volume = volume }
                if player.normalize, player.loudness == nil { measureLoudness(of: new) }
                player.chapters = journal.started(
                    new, chaptersFound: { [player] found in player.offerChapters(found, for: new.id) },
                    transcriptFound: { [player] cues in player.offerTranscript(cues, for: new.id) })
                if player.showsCue { player.offerTranscript(journal.keptTranscript(new), for: new.id) }
            }
        }
        .onChange(of: player.chapters) { _, chapters in
            // Chapters found after the episode started (a chapters file fetched): the ones to skip go to the engine.
            guard let item = player.current, !chapters.chapters.isEmpty else { return }
            engine.setSkips(skips(of: item, chapters: chapters.chapters, listening: settings.listening(for: item)))
        }
        .onChange(of: player.insertedInStream) { _, stretches in
            // A stream kept whole was compared with a second fetch: what it lacked is left out from here on.
            guard let item = player.current, !stretches.isEmpty else { return }
            engine.setSkips(skips(of: item, chapters: player.chapters.chapters, listening: settings.listening(for: item)))
        }
        .onChange(of: player.showsCue) { _, shown in
            // The cue line needs the transcript: read from the library when it is first shown.
            guard shown, player.transcript.isEmpty, let item = player.current else { return }
            player.offerTranscript(journal.keptTranscript(item), for: item.id)
        }
        .onChange(of: player.queue.first?.url, initial: true) { _, next in
            // The next episode's decoder is readied while this one plays, so that it starts without a gap.
            if let next { engine.prepare(next) }
        }
        .onChange(of: player.volume, initial: true) { _, volume in
            engine.setVolume(volume, Transaction.current.animation?.duration ?? 0)
        }
        .onChange(of: player.speed, initial: true) { _, speed in
            engine.setSpeed(speed)
        }
        .onChange(of: player.output) { _, output in
            // Checked by the dispatcher when it was asked for; the configured output holds until then.
            if let output, let spec = try? OutputSpec(parsing: output) { engine.setOutput(spec) }
        }
        .onChange(of: player.skipSilence, initial: true) { _, on in
            engine.setSkipSilence(on)
        }
        .onChange(of: player.voiceBoost, initial: true) { _, on in
            engine.setVoiceBoost(on)
        }
        .onChange(of: player.normalize) { _, on in
            guard on, let item = player.current, player.loudness == nil else { return }
            if let known = journal.loudness.known(item) { player.loudness = known } else { measureLoudness(of: item) }
        }
        .onChange(of: loudnessSetting, initial: true) { _, setting in
            engine.setLoudness(setting)
        }
        .onReceive(ticks) { now in
            // The fade ends at the time asked for, so it starts that much before it (a timer shorter than the fade fades
            // over what is left).
            guard case let .at(deadline)? = player.sleep, player.isPlaying,
                now >= deadline.addingTimeInterval(-settings.sleepFade)
            else { return }
            player.sleep = nil
            sleep(min(settings.sleepFade, max(0, deadline.timeIntervalSince(now))))
        }
    }

    /// What the engine leaves out of `item`: the chapters `skip_chapters` names, with `skip_inserted` the stretches a
    /// server inserted into its download (with `skip_inserted_streams`, into the stream playing, once compared), and the
    /// cues of its kept transcript that say a phrase of `skip_phrases`.
    private func skips(of item: NowPlaying, chapters: [Chapter], listening: Listening) -> [SkipRange] {
        // A live stream's chapters are the titles its server sent: nothing of it can be left out.
        if item.isLive || player.isLive { return [] }
        return SkipPlan.ranges(
            chapters: chapters, skipChapters: listening.skipChapters,
            inserted: item.isRemote
                ? (listening.skipInsertedStreams ? player.insertedInStream : [])
                : (listening.skipInserted ? journal.insertedStretches(item) : []),
            cues: listening.skipPhrases.isEmpty ? [] : journal.keptTranscript(item), skipPhrases: listening.skipPhrases)
    }

    /// What normalisation aims at now: nil when it is off.
    private var loudnessSetting: LoudnessSetting? {
        player.normalize ? LoudnessSetting(target: settings.loudnessTarget, measured: player.loudness) : nil
    }

    /// Hands the player `item`'s integrated loudness, measured from its file meanwhile (and kept); a stream has none, and
    /// is levelled by a running estimate.
    private func measureLoudness(of item: NowPlaying) {
        journal.loudness.measure(item) { [player] lufs in
            if player.current?.id == item.id { player.loudness = lufs }
        }
    }

    /// The decoder session for `item`; evaluated only when its identity is new. (Reading `player.current` here
    /// is what the body depends on; the position, which changes four times a second, is read by
    /// `PositionJournal` alone.)
    private func plan(_ item: NowPlaying) -> DecoderSession {
        // The source first: a stream opened forgets what the last one's comparison found, before the skips are reckoned.
        let source = source(item)
        let start = journal.start(for: item)
        player.position = start
        // The loudness is known before the first frame when the library kept it or a ReplayGain tag says it, or when it
        // is measured now: for a file output (which runs faster than it plays) or a small file; the engine has it
        // before the episode.
        let listening = settings.listening(for: item)
        let normalize = listening.normalize
        // The engine has the episode's speed and skip silence before it loads it, so that its first frames have them
        // too (a file output writes seconds of audio before the model's observers would tell it); the observers of
        // the model then find them already set. The show's outro is skipped by the engine, to the frame.
        engine.setSpeed(listening.speed)
        engine.setSkipSilence(listening.skipSilence)
        engine.setVoiceBoost(listening.voiceBoost)
        engine.setEndEarly(listening.skipOutro ?? 0)
        // The chapters, inserted stretches and phrases it skips are left out by the engine too, to the frame; chapters
        // found later are sent when found.
        engine.setSkips(skips(of: item, chapters: journal.knownChapters(item).chapters, listening: listening))
        if normalize {
            player.loudness =
                journal.loudness.known(item)
                ?? (settings.measuresBeforePlaying || journal.loudness.isQuickToMeasure(item) ? journal.loudness.measureNow(item) : nil)
        }
        engine.setLoudness(normalize ? LoudnessSetting(target: settings.loudnessTarget, measured: player.loudness) : nil)
        return DecoderSession(item: item, engine: engine, source: source, start: start, limit: item.limit)
    }
}

/// Saves where the listener is as the heard position moves. A view of its own, so that a position report
/// re-evaluates this small body only, not the coordinator's.
struct PositionJournal: View {
    @Environment(Player.self) private var player
    let journal: PlaybackJournal

    var body: some View {
        EmptyView()
            .onChange(of: player.position) { _, position in
                guard let item = player.current else { return }
                journal.heard(item, at: position, speed: player.speed, playing: player.isPlaying)
            }
            .onChange(of: player.timeSaved) { old, new in
                journal.timeSaved(grewBy: new - old, of: player.current)
            }
            .onChange(of: player.seekRequest) { _, request in
                guard let request, let item = player.current else { return }
                journal.seeked(item, request, from: player.position, duration: player.duration)
            }
    }
}
