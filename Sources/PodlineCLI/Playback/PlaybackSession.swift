import AudioEngine
import DataFlow
import Dispatch
import Foundation
import Logging
import PodcastKit

/// A running player: the Player model, the engine, and the coordinator view that joins them.
@MainActor
final class PlaybackSession {
    let player: Player
    let engine: PlaybackEngine
    let dispatcher: CommandDispatcher
    private let settings: PlaybackSettings
    private let journal: PlaybackJournal
    private var host: ViewHost<CoordinatorRoot>!
    private let tickSubject = PassthroughSubject<Date, Never>()
    private var signalSources: [DispatchSourceSignal] = []
    /// The error that ended the last episode, for the exit status.
    private(set) var lastError: AudioError?
    /// Set when the session should end: nothing more to play.
    private(set) var finished = false
    /// Called for every engine event after the model took it in (the event stream listens here).
    var onEvent: ((EngineEvent) -> Void)?

    /// A session playing what `dispatcher`'s player holds (the dispatcher its commands go through).
    init(output: OutputSpec, store: LibraryStore?, settings: Settings, dispatcher: CommandDispatcher) {
        player = dispatcher.player
        var playbackSettings = PlaybackSettings(settings)
        playbackSettings.measuresBeforePlaying = output.isFile
        self.settings = playbackSettings
        // A show's settings written meanwhile (`show SLUG set` in the REPL) hold from its next episode on.
        Configuration.follow { [playbackSettings] in playbackSettings.update($0) }
        journal = PlaybackJournal(store: store, settings: self.settings)
        self.dispatcher = dispatcher
        let mailbox = EngineMailbox()
        engine = PlaybackEngine(output: output) { event in mailbox.post(event) }
        mailbox.deliver = { [weak self] event in self?.handle(event) }
        let root = PlaybackCoordinator(
            engine: .live(engine), journal: journal, settings: self.settings,
            source: { [player] item in Self.source(for: item, player: player) },
            ticks: tickSubject.eraseToAnyPublisher(),
            sleep: { [weak self] in self?.sleepRequested = true }
        )
        let desktop = MPRISService(dispatcher: dispatcher) { [weak self] in self?.quit() }
        self.desktop = desktop
        host = ViewHost(CoordinatorRoot(coordinator: root, player: player, desktop: desktop))
        host.update()
    }

    /// The engine's source for `item`: its file, or a stream whose ID3 chapters reach `player` as the tag arrives.
    private static func source(for item: NowPlaying, player: Player) -> EngineSource {
        guard item.isRemote else { return .file(path: item.url) }
        let stream = HTTPByteStream(url: item.url) { tag in
            let found: ChapterList
            do throws(ChapterError) {
                found = ChapterList(.id3, try ID3Chapters.parse(tag))
            } catch {
                Logger(label: "podline.chapters").warning("\(item.url): ID3 chapters left out: \(error.reason)")
                return
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { player.offerChapters(found, for: item.id) } }
        }
        return .stream(name: item.ref ?? item.url, stream)
    }

    private var control: ControlServer?
    /// The player on the session bus (MPRIS), while it runs.
    private var desktop: MPRISService!

    /// Serves the control socket so that one-shot commands, scripts and `podline events` reach this player. When
    /// another player took the socket in the meantime, this one says so and plays without it.
    private func serveControlSocket() {
        let server = ControlServer(player: player, dispatcher: dispatcher)
        do {
            try server.start()
            control = server
        } catch {
            printError("this player cannot be controlled from other shells: \(error)")
            control = nil
        }
    }

    /// Runs the main loop until nothing is left to play; returns the exit status.
    func run() -> Int32 {
        SignalMask.unblockTermination()
        installSignalHandlers()
        serveControlSocket()
        desktop.start()
        defer {
            control?.stop()
            control = nil
            desktop.stop()
        }
        // The loop wakes for each event (engine reports, socket commands), and for the clock four times a second
        // while a sleep timer runs, once a second otherwise: each wake-up costs the player CPU time.
        var nextTick = Date()
        while !finished {
            _ = RunLoop.main.run(mode: .default, before: nextTick)
            let now = Date()
            if now >= nextTick {
                tickSubject.send(now)
                nextTick = now.addingTimeInterval(player.sleep == nil ? Self.idleTickInterval : Self.tickInterval)
            }
            host.update()
            if sleepRequested { fallAsleep() }
            if player.current == nil { finished = true }
        }
        journal.saveNow()
        engine.shutdown()
        if let lastError { return ExitStatus.code(for: lastError) }
        return 0
    }

    private var ticker: Timer?
    /// How often the sleep timer's clock ticks.
    static let tickInterval = 0.25
    /// How often the clock ticks when no sleep timer runs.
    static let idleTickInterval = 1.0

    /// Plays along with a process that runs the main run loop itself (the REPL): the coordinator
    /// updates on its own after each model change, and a timer drives the sleep timer.
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
        desktop.start()
    }

    /// Stops a session started with `attach()`, saving the position.
    func detach() {
        ticker?.invalidate()
        ticker = nil
        desktop.stop()
        journal.saveNow()
        engine.shutdown()
    }

    /// Saves the position and ends the session (quit, or a signal).
    func quit() {
        journal.saveNow()
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
        case .paused:
            if player.sleep == nil, pendingSleepStop {
                pendingSleepStop = false
                player.stop(reason: .stop)
                finished = true
            }
        case let .ended(reason, error):
            guard reason == .eof || reason == .error || (reason == .stop && player.current?.limit != nil) else { break }
            if let error {
                lastError = error
                player.lastError = error.description
                printError(error.description)
            }
            player.advance(because: EndReason(rawValue: reason.rawValue) ?? .error)
            if player.current == nil { finished = true }
        case let .timeSaved(seconds):
            player.timeSaved = seconds
        case let .outputLost(reason):
            player.outputAvailable = false
            printError("the sound output is gone (\(reason)); playback goes on when it returns")
        case .outputReopened:
            player.outputAvailable = true
        }
        onEvent?(event)
        host.update()
    }

    private var pendingSleepStop = false
    private var sleepRequested = false

    /// Fades out over the sleep fade and stops when the fade ends.
    private func fallAsleep() {
        sleepRequested = false
        pendingSleepStop = true
        withAnimation(.linear(duration: settings.sleepFade)) { player.isPlaying = false }
        host.update()
    }

    // MARK: - Signals

    private func installSignalHandlers() {
        for (number, status) in [(SIGINT, ExitStatus.interrupted), (SIGTERM, 128 + SIGTERM), (SIGHUP, 128 + SIGHUP)] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    self?.journal.saveNow()
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
struct CoordinatorRoot: View {
    let coordinator: PlaybackCoordinator
    let player: Player
    /// The desktop's media controls, watching the same model.
    var desktop: MPRISService? = nil

    var body: some View {
        Group {
            coordinator
            if let desktop, desktop.isOnBus { MPRISView(service: desktop) }
        }
        .environment(player)
    }
}
