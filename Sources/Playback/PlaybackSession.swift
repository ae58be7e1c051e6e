import AudioEngine
import DataFlow
import Dispatch
import Foundation
import Logging
import PodcastKit
import Synchronization

/// A running player: the Player model, the engine, and the coordinator view that joins them. A front end gives it
/// a view of its own to mount beside the coordinator (`Companion`: the desktop's media controls) and the services it
/// serves while playing (`services`: the control socket, the desktop's media controls).
@MainActor
public final class PlaybackSession<Companion: View> {
    public let player: Player
    private let engine: EngineClient
    private let settings: PlaybackSettings
    private let journal: PlaybackJournal
    private let warn: PlayerWarning
    private var host: ViewHost<CoordinatorRoot<Companion>>!
    private let tickSubject = PassthroughSubject<Date, Never>()
    /// The error that ended the last episode, for the exit status (`run` returns it).
    private var lastError: AudioError?
    /// Set when the session should end: nothing more to play.
    private var finished = false
    /// What the front end serves while the player runs: started by `run` and `attach`, stopped when they end.
    public var services: [any PlayerService] = []

    /// A session playing what `player` holds, through `output`, saving into `store`; `companion` is mounted beside the
    /// coordinator, with the player in its environment.
    public convenience init(
        output: OutputSpec, library: Library?, settings: Settings, player: Player, companion: Companion,
        warn: @escaping PlayerWarning
    ) {
        self.init(
            output: output, library: library, settings: settings, player: player, companion: companion, warn: warn,
            engine: EngineClient.liveFactory)
    }

    /// A session as above whose engine `makeEngine` makes (a test's, without sound).
    init(
        output: OutputSpec, library: Library?, settings: Settings, player: Player, companion: Companion,
        warn: @escaping PlayerWarning, engine makeEngine: EngineFactory
    ) {
        self.player = player
        self.warn = warn
        var playbackSettings = PlaybackSettings(settings)
        playbackSettings.measuresBeforePlaying = output.isFile
        playbackSettings.rendersFast = output.isFile || output.fast
        self.settings = playbackSettings
        journal = PlaybackJournal(library: library, settings: self.settings, output: output.driver, warn: warn)
        let mailbox = EngineMailbox()
        engine = makeEngine(output) { event in mailbox.post(event) }
        mailbox.deliver = { [weak self] event in self?.handle(event) }
        var client = engine
        let load = client.load
        let loads = loadCount
        client.load = { source, start, paused, limit in
            loads.sent += 1
            load(source, start, paused, limit)
        }
        let root = PlaybackCoordinator(
            engine: client, journal: journal, settings: self.settings,
            source: { [player, warn, settings = self.settings] item in
                Self.source(for: item, player: player, keptWhole: settings.listening(for: item).skipInsertedStreams, warn: warn)
            },
            ticks: tickSubject.eraseToAnyPublisher(),
            sleep: { [weak self] fade in
                self?.sleepRequested = true
                self?.sleepFade = fade
                // After the update that asked for it.
                Task { @MainActor in if self?.sleepRequested == true { self?.fallAsleep() } }
            }
        )
        host = ViewHost(
            CoordinatorRoot(
                coordinator: root, player: player, companion: companion,
                stateChanged: { [weak self] in self?.playStateChanged() }))
        host.update()
    }

    /// Settings written meanwhile (a show's, by `show SLUG set` in the REPL): they hold from the next episode on.
    public nonisolated func settingsChanged(_ settings: Settings) {
        self.settings.update(settings)
    }

    /// The engine's source for `item`: its file, or a stream whose ID3 chapters reach `player` as the tag arrives, and
    /// which tells `player` when it turns out to be live and the titles a live one sends. A stream `keptWhole` is compared
    /// with a second fetch once it has come whole, and `player` is offered what the second fetch lacked.
    private static func source(for item: NowPlaying, player: Player, keptWhole: Bool, warn: @escaping PlayerWarning) -> EngineSource {
        guard item.isRemote else { return .file(path: item.url) }
        let id = item.id
        let live = LiveStreamEvents(
            began: { Task { @MainActor in player.markLive(for: id) } },
            title: { title in Task { @MainActor in player.streamTitleChanged(title, for: id) } },
            brokeOff: { reason in
                Task { @MainActor in
                    guard player.current?.id == id else { return }
                    warn("\(item.liveRef ?? item.url): the live stream broke off (\(reason)); reconnecting")
                }
            })
        let opened = player.openingStream()
        var compare: (@Sendable (KeptFile) -> Void)?
        if keptWhole {
            let (url, name) = (item.url, item.ref ?? item.url)
            compare = { kept in
                Task { @MainActor in
                    let found = await StreamComparison.inserted(in: kept, of: url, name: name) {
                        await MainActor.run { player.isStreamOpen(opened) }
                    }
                    player.offerInsertedInStream(found, stream: opened)
                }
            }
        }
        let stream = HTTPByteStream(url: item.url, isLive: item.isLive, live: live, keepWhole: compare) { tag in
            let found: ChapterList
            do throws(ChapterError) {
                found = ChapterList(.id3, try ID3Chapters.parse(tag))
            } catch {
                Logger(label: "podline.chapters").warning("\(item.url): ID3 chapters left out: \(error.reason)")
                return
            }
            Task { @MainActor in player.offerChapters(found, for: item.id) }
        }
        return .stream(name: item.liveRef ?? item.ref ?? item.url, stream)
    }

    /// The clock: it ticks four times a second while a sleep timer runs, and not at all otherwise (each wake-up costs the
    /// player CPU time); nil while the session is not started.
    private var clock: Task<Void, Never>?
    /// Who waits for the session to end (`ended()`).
    private var endWaiters: [CheckedContinuation<Void, Never>] = []
    /// Who waits for the player to stop playing (`notPlaying()`).
    private var playingWaiters: [CheckedContinuation<Void, Never>] = []

    /// Plays until nothing is left to play, serving `services` meanwhile: `start()`, `ended()`, `stop()`. Returns the
    /// error that ended the last episode, if one did.
    public func run() async -> AudioError? {
        start()
        let error = await ended()
        stop()
        return error
    }

    /// Starts playing along: the services come up, the coordinator takes in each model change as it happens, and the
    /// clock ticks. The one start of every front end; `stop()` is its end.
    public func start() {
        guard clock == nil else { return }
        host.updatesAutomatically = true
        for service in services { service.start() }
        let player = player
        clock = Task { [weak self] in
            while !Task.isCancelled {
                // Without a sleep timer the clock waits for one to be set: a stopped or paused player wakes nothing.
                if player.sleep == nil {
                    await Self.change(ofSleepTimerOf: player)
                    continue
                }
                try? await Task.sleep(for: .seconds(PlayerClock.tickInterval))
                guard !Task.isCancelled, let self else { return }
                self.tick()
            }
        }
    }

    /// Returns once the player's sleep timer is set or changed.
    private static func change(ofSleepTimerOf player: Player) async {
        await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
            withObservationTracking {
                _ = player.sleep
            } onChange: {
                changed.resume()
            }
        }
    }

    private func tick() {
        tickSubject.send(Date())
        if sleepRequested { fallAsleep() }
    }

    /// Returns once nothing is left to play (or `quit()`), with the error that ended the last episode, if one did.
    public func ended() async -> AudioError? {
        if !finished { await withCheckedContinuation { endWaiters.append($0) } }
        return lastError
    }

    /// Returns once the player is not playing: stopped, paused, or the session ended.
    public func notPlaying() async {
        guard !finished, player.state == .playing else { return }
        await withCheckedContinuation { playingWaiters.append($0) }
    }

    /// Ends a started session: the services stop, the position is saved, the output closes.
    public func stop() {
        clock?.cancel()
        clock = nil
        host.updatesAutomatically = false
        for service in services { service.stop() }
        journal.saveNow()
        engine.shutdown()
        finish()
    }

    /// Saves the position and ends the session (quit, or a signal).
    public func quit() {
        journal.saveNow()
        finish()
    }

    /// Marks the session ended and lets its waiters go.
    private func finish() {
        finished = true
        let waiters = endWaiters + playingWaiters
        endWaiters = []
        playingWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Follows the play state: the session ends when nothing is loaded (and goes on when an episode is loaded again, as
    /// in the REPL), and `notPlaying()` waiters go when it stops playing.
    private func playStateChanged() {
        if player.current == nil { finish() } else { finished = false }
        guard player.state != .playing else { return }
        let waiters = playingWaiters
        playingWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Saves the position and closes the output at once, before the process exits (on a signal).
    public func shutdownNow() {
        journal.saveNow()
        engine.shutdown()
    }

    /// Brings pending model changes to the engine now.
    public func update() { host.update() }

    // MARK: - Engine events

    /// Takes in an engine event at once, event by event: the place an episode reached is saved before its end is taken
    /// in (and a position report, four a second, schedules no second update).
    private func handle(_ event: EngineEvent) {
        host.update { apply(event) }
    }

    private func apply(_ event: EngineEvent) {
        if event == .loaded {
            loadCount.taken += 1
            return
        }
        // What the engine said of the episode before, on its way while another was loaded: not this one's.
        guard loadCount.taken == loadCount.sent else { return }
        switch event {
        case .loaded:
            break
        case let .started(duration):
            player.fetching = nil
            player.buffering = nil
            if let duration, duration > 0 {
                player.duration = duration
                if let item = player.current { journal.opened(item, duration: duration) }
            }
        case let .position(seconds):
            player.position = seconds
            // Playing again after a download up to a move's place (a seek from a server that sends no parts).
            if player.fetching != nil { player.fetching = nil }
        case .paused:
            if player.sleep == nil, pendingSleepStop {
                pendingSleepStop = false
                player.stop(reason: .stop)
                finish()
            }
        case let .ended(reason, error):
            player.fetching = nil
            player.buffering = nil
            guard reason == .eof || reason == .error || (reason == .stop && player.current?.limit != nil) else { break }
            if let error {
                lastError = error
                player.lastError = error.description
                warn(error.description)
            }
            player.advance(because: EndReason(rawValue: reason.rawValue) ?? .error)
            if player.current == nil { finish() }
        case let .timeSaved(seconds):
            player.timeSaved = seconds
        case let .skipped(range):
            let reason: SkippedStretch.Reason =
                switch range.reason {
                case .chapter: .chapter
                case .inserted: .inserted
                case .phrase: .phrase
                }
            player.skipped = SkippedStretch(title: range.title, from: range.start, to: range.end, reason: reason)
            if let item = player.current, let end = range.end { journal.jumped(item, from: range.start, to: end, speed: player.speed) }
            let span = "(\(ClockText.of(range.start))–\(range.end.map(ClockText.of) ?? "the end"))"
            let quoted = range.title.map { "“\($0)” " } ?? ""
            switch reason {
            case .chapter: warn("skipped chapter \(quoted)\(span)")
            case .inserted: warn("skipped an inserted stretch \(span)")
            case .phrase: warn("skipped \(quoted)\(span)")
            }
        case let .outputLost(reason):
            player.outputAvailable = false
            warn("the sound output is gone (\(reason)); playback goes on when it returns")
        case .outputReopened:
            player.outputAvailable = true
        case let .fetching(received, total):
            player.fetching = Fetching(received: received, total: total)
        case let .buffering(progress):
            player.buffering = progress
        case let .slowStream(arriving, playing):
            warn(Self.slowStreamWarning(arriving: arriving, playing: playing, ref: player.current?.ref))
        }
    }

    /// One line for a stream slower than its audio: both rates, and how to listen without breaks.
    nonisolated static func slowStreamWarning(arriving: Double, playing: Double, ref: String?) -> String {
        let kilobytes = { (rate: Double) in "\(Int((rate / 1000).rounded())) kB/s" }
        let download = ref.map { "podline download \($0)" } ?? "a download"
        return "the stream arrives at \(kilobytes(arriving)), slower than the \(kilobytes(playing)) it plays at: "
            + "playback pauses to refill now and then; \(download) fetches it whole to listen without breaks"
    }

    /// Loads asked of the engine and loads it has taken.
    private let loadCount = LoadCount()

    private var pendingSleepStop = false
    private var sleepRequested = false
    /// The fade of the sleep asked for, in seconds.
    private var sleepFade = 0.0

    /// Fades out over the sleep's fade and stops when the fade ends.
    private func fallAsleep() {
        sleepRequested = false
        pendingSleepStop = true
        withAnimation(.linear(duration: sleepFade)) { player.isPlaying = false }
        host.update()
    }
}

/// How often a player's clock ticks while a sleep timer runs (it does not otherwise): each wake-up costs CPU time.
enum PlayerClock {
    static let tickInterval = 0.25
}

/// How many loads were asked of the engine and how many it has taken: events between the two are of an episode gone.
@MainActor
private final class LoadCount {
    var sent = 0
    var taken = 0
}

/// Carries engine events from the engine's thread to the main actor.
private final class EngineMailbox: Sendable {
    /// Where events go, on the main actor. (Not behind a lock: a closure read through a generic lock's `inout` is
    /// written back wrapped in two more reabstraction thunks each time, a chain that grew with every event.)
    @MainActor var deliver: (@MainActor (EngineEvent) -> Void)?

    func post(_ event: EngineEvent) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated { self.deliver?(event) }
        }
    }
}

/// The root view: the coordinator, and the front end's companion view, with the Player in their environment; the
/// session hears of each change of the play state.
struct CoordinatorRoot<Companion: View>: View {
    let coordinator: PlaybackCoordinator
    let player: Player
    let companion: Companion
    let stateChanged: @MainActor () -> Void

    var body: some View {
        Group {
            coordinator
            companion
        }
        .onChange(of: player.state) { stateChanged() }
        .environment(player)
    }
}

extension CoordinatorRoot where Companion == EmptyView {
    /// The coordinator alone.
    init(coordinator: PlaybackCoordinator, player: Player) {
        self.init(coordinator: coordinator, player: player, companion: EmptyView(), stateChanged: {})
    }
}
