import AudioEngine
import DataFlow
import Dispatch
import Foundation
import PodcastKit

/// A running player: the Player model, the engine, and the coordinator views that join them.
@MainActor
final class PlaybackSession {
    let player: Player
    let engine: PlaybackEngine
    private let store: LibraryStore?
    private let settings: PlaybackSettings
    private var host: ViewHost<AnyCoordinatorRoot>!
    private let tickSubject = PassthroughSubject<Date, Never>()
    private var lastSave = Date.distantPast
    private var signalSources: [DispatchSourceSignal] = []
    /// Start overrides for the first episode: `--start`, `--no-resume`, `--duration`.
    var firstStart: Double?
    var noResume = false
    var limit: Double?
    /// The error that ended the last episode, for the exit status.
    private(set) var lastError: AudioError?
    /// Set when the session should end: nothing more to play.
    private(set) var finished = false
    /// Called for every engine event after the model took it in (the event stream listens here).
    var onEvent: ((EngineEvent) -> Void)?

    init(output: OutputSpec, store: LibraryStore?, settings: PlaybackSettings = PlaybackSettings(), player: Player = Player()) {
        self.player = player
        self.store = store
        self.settings = settings
        let mailbox = EngineMailbox()
        engine = PlaybackEngine(output: output) { event in mailbox.post(event) }
        mailbox.deliver = { [weak self] event in self?.handle(event) }
        let root = PlaybackCoordinator(
            engine: engine,
            resolve: { [weak self] item in self?.plan(for: item) ?? (.file(path: item.url), 0, nil) },
            persist: { [weak self] moment in self?.persist(moment) },
            ticks: tickSubject.eraseToAnyPublisher()
        )
        host = ViewHost(AnyCoordinatorRoot(coordinator: root, player: player))
        host.update()
    }

    /// Starts `item`, then whatever is queued.
    func play(_ item: NowPlaying, queue: [NowPlaying] = []) {
        player.queue = queue
        player.load(item)
        host.update()
    }

    private var control: ControlServer?

    /// Serves the control socket so that one-shot commands, scripts and `podline events` reach this player.
    /// When another player already serves it, this one plays without it.
    private func serveControlSocket() {
        let skip = (try? ConfigFile.load().settings.skipLengths) ?? SkipLengths()
        let server = ControlServer(player: player, dispatcher: CommandDispatcher(player: player, skipLengths: skip))
        do {
            try server.start()
            control = server
        } catch {
            control = nil
        }
    }

    /// Runs the main loop until nothing is left to play; returns the exit status.
    func run() -> Int32 {
        SignalMask.unblockTermination()
        installSignalHandlers()
        serveControlSocket()
        defer {
            control?.stop()
            control = nil
        }
        // The loop wakes for each event (engine reports, socket commands) and four times a second for the clock.
        var nextTick = Date()
        while !finished {
            _ = RunLoop.main.run(mode: .default, before: nextTick)
            let now = Date()
            if now >= nextTick {
                tickSubject.send(now)
                nextTick = now.addingTimeInterval(Self.tickInterval)
            }
            host.update()
            if sleepRequested { fallAsleep() }
            if player.current == nil {
                persist(.stopped)
                finished = true
            }
        }
        engine.shutdown()
        if let lastError { return ExitStatus.code(for: lastError) }
        return 0
    }

    private var ticker: Timer?
    /// How often the sleep timer's clock ticks.
    static let tickInterval = 0.25

    /// Plays along with a process that runs the main run loop itself (the REPL): the coordinator
    /// updates on its own after each model change, and a timer drives the sleep timer and saves.
    func attach() {
        host.updatesAutomatically = true
        let timer = Timer(timeInterval: Self.tickInterval, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.tickSubject.send(Date())
                if self.sleepRequested { self.fallAsleep() }
            }
        }
        RunLoop.main.add(timer, forMode: .default)
        ticker = timer
    }

    /// Stops a session started with `attach()`, saving the position.
    func detach() {
        ticker?.invalidate()
        ticker = nil
        persist(.quitting)
        engine.shutdown()
    }

    /// Saves the position and ends the session (quit, or a signal).
    func quit() {
        persist(.quitting)
        finished = true
    }

    /// Brings pending model changes to the engine now.
    func update() { host.update() }

    // MARK: - Engine events

    private func handle(_ event: EngineEvent) {
        switch event {
        case let .started(duration):
            if let duration, duration > 0 { player.duration = duration }
        case let .position(seconds):
            player.position = seconds
            if let item = player.current { lastHeard = (item, seconds) }
            if Date().timeIntervalSince(lastSave) >= settings.saveInterval { persist(.periodic) }
        case .paused:
            if player.sleep == nil, pendingSleepStop {
                pendingSleepStop = false
                player.stop(reason: .stop)
                finished = true
            }
        case let .ended(reason, error):
            guard reason == .eof || reason == .error || (reason == .stop && limit != nil) else { break }
            if let error {
                lastError = error
                player.lastError = error.description
                printError(error.description)
            }
            if reason == .eof && error == nil { markPlayed() } else { persist(.stopped) }
            player.advance(because: EndReason(rawValue: reason.rawValue) ?? .error)
            if player.current == nil { finished = true }
        case .outputReopened:
            break
        }
        onEvent?(event)
        host.update()
    }

    private var pendingSleepStop = false
    /// The episode last heard and where: what a stop or a quit saves once the model has let go of it.
    private var lastHeard: (item: NowPlaying, position: Double)?
    private var sleepRequested = false

    /// Fades out over the sleep fade and stops when the fade ends.
    private func fallAsleep() {
        sleepRequested = false
        pendingSleepStop = true
        withAnimation(.linear(duration: settings.sleepFade)) { player.isPlaying = false }
        host.update()
    }

    // MARK: - Persistence

    private func plan(for item: NowPlaying) -> (source: EngineSource, start: Double, limit: Double?) {
        var start = 0.0
        if let first = firstStart {
            start = first
            firstStart = nil
        } else if !noResume, let ref = item.ref, let store, let reference = EpisodeReference(ref),
                  let listing = try? store.episode(reference), !listing.episode.isPlayed {
            start = max(0, listing.episode.position - settings.resumeRewind)
        }
        player.position = start
        let limit = self.limit
        if item.isRemote {
            return (.stream(name: item.ref ?? item.url, HTTPByteStream(url: item.url)), start, limit)
        }
        return (.file(path: item.url), start, limit)
    }

    /// Saves the current episode's position (or its played state near the end).
    func persist(_ moment: PersistMoment) {
        lastSave = Date()
        if moment == .sleeping {
            // Runs after the current update: an animated change made inside a change handler would be folded into it.
            sleepRequested = true
            return
        }
        guard let item = player.current ?? lastHeard?.item, let ref = item.ref, let store, let reference = EpisodeReference(ref),
              let listing = try? store.episode(reference), let id = listing.episode.id else { return }
        let position = player.current != nil ? player.position : (lastHeard?.position ?? 0)
        let duration = player.duration ?? listing.episode.duration
        if let duration, duration > 0, position >= duration - min(settings.playedMargin, duration * 0.05), moment != .periodic {
            try? store.setPlayed(episodeID: id, true)
            try? store.setPosition(episodeID: id, 0)
        } else {
            try? store.setPosition(episodeID: id, position)
        }
    }

    private func markPlayed() {
        lastHeard = nil
        guard let item = player.current, let ref = item.ref, let store, let reference = EpisodeReference(ref),
              let listing = try? store.episode(reference), let id = listing.episode.id else { return }
        try? store.setPlayed(episodeID: id, true)
        try? store.setPosition(episodeID: id, 0)
    }

    // MARK: - Signals

    private func installSignalHandlers() {
        for (number, status) in [(SIGINT, ExitStatus.interrupted), (SIGTERM, 128 + SIGTERM), (SIGHUP, 128 + SIGHUP)] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    self?.persist(.quitting)
                    self?.control?.stop()
                    self?.engine.shutdown()
                    exit(status)
                }
            }
            source.resume()
            signalSources.append(source)
        }
    }
}

/// Carries engine events from the engine's thread to the main actor.
private final class EngineMailbox: @unchecked Sendable {
    var deliver: (@MainActor (EngineEvent) -> Void)?

    func post(_ event: EngineEvent) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated { self.deliver?(event) }
        }
    }
}

/// The root view: the coordinator with the Player in its environment.
struct AnyCoordinatorRoot: View {
    let coordinator: PlaybackCoordinator
    let player: Player

    var body: some View {
        coordinator.environment(player)
    }
}
