import AudioEngine
import DataFlow
import Dispatch
import Foundation
import Logging
import PodcastKit

/// A running player: the Player model, the engine, and the coordinator view that joins them. A front end gives it
/// a view of its own to mount beside the coordinator (`Companion`: the desktop's media controls) and the services it
/// serves while playing (`services`: the control socket, the desktop's media controls).
@MainActor
public final class PlaybackSession<Companion: View> {
    public let player: Player
    let engine: PlaybackEngine
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
    public init(
        output: OutputSpec, library: Library?, settings: Settings, player: Player, companion: Companion,
        warn: @escaping PlayerWarning
    ) {
        self.player = player
        self.warn = warn
        var playbackSettings = PlaybackSettings(settings)
        playbackSettings.measuresBeforePlaying = output.isFile
        self.settings = playbackSettings
        journal = PlaybackJournal(library: library, settings: self.settings, warn: warn)
        let mailbox = EngineMailbox()
        engine = PlaybackEngine(output: output) { event in mailbox.post(event) }
        mailbox.deliver = { [weak self] event in self?.handle(event) }
        let root = PlaybackCoordinator(
            engine: .live(engine), journal: journal, settings: self.settings,
            source: { [player] item in Self.source(for: item, player: player) },
            ticks: tickSubject.eraseToAnyPublisher(),
            sleep: { [weak self] in self?.sleepRequested = true }
        )
        host = ViewHost(CoordinatorRoot(coordinator: root, player: player, companion: companion))
        host.update()
    }

    /// Settings written meanwhile (a show's, by `show SLUG set` in the REPL): they hold from the next episode on.
    public nonisolated func settingsChanged(_ settings: Settings) {
        self.settings.update(settings)
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

    /// Runs the main loop until nothing is left to play, serving `services` meanwhile; returns the error that ended
    /// the last episode, if one did.
    public func run() -> AudioError? {
        for service in services { service.start() }
        defer { for service in services { service.stop() } }
        // The loop wakes for each event (engine reports, socket commands), and for the clock four times a second
        // while a sleep timer runs, once a second otherwise: each wake-up costs the player CPU time.
        var nextTick = Date()
        while !finished {
            _ = RunLoop.main.run(mode: .default, before: nextTick)
            let now = Date()
            if now >= nextTick {
                tickSubject.send(now)
                nextTick = now.addingTimeInterval(player.sleep == nil ? PlayerClock.idleTickInterval : PlayerClock.tickInterval)
            }
            host.update()
            if sleepRequested { fallAsleep() }
            if player.current == nil { finished = true }
        }
        journal.saveNow()
        engine.shutdown()
        return lastError
    }

    private var ticker: Timer?

    /// Plays along with a process that runs the main run loop itself (the REPL): the coordinator
    /// updates on its own after each model change, and a timer drives the sleep timer.
    public func attach() {
        host.updatesAutomatically = true
        let timer = Timer(timeInterval: PlayerClock.tickInterval, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.tickSubject.send(Date())
                if self.sleepRequested { self.fallAsleep() }
            }
        }
        RunLoop.main.add(timer, forMode: .default)
        ticker = timer
        for service in services { service.start() }
    }

    /// Stops a session started with `attach()`, saving the position.
    public func detach() {
        ticker?.invalidate()
        ticker = nil
        for service in services { service.stop() }
        journal.saveNow()
        engine.shutdown()
    }

    /// Saves the position and ends the session (quit, or a signal).
    public func quit() {
        journal.saveNow()
        finished = true
    }

    /// Saves the position and closes the output at once, before the process exits (on a signal).
    public func shutdownNow() {
        journal.saveNow()
        engine.shutdown()
    }

    /// Brings pending model changes to the engine now.
    public func update() { host.update() }

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
                warn(error.description)
            }
            player.advance(because: EndReason(rawValue: reason.rawValue) ?? .error)
            if player.current == nil { finished = true }
        case let .timeSaved(seconds):
            player.timeSaved = seconds
        case let .outputLost(reason):
            player.outputAvailable = false
            warn("the sound output is gone (\(reason)); playback goes on when it returns")
        case .outputReopened:
            player.outputAvailable = true
        }
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
}

/// How often a player's clock ticks: each wake-up costs the player CPU time.
enum PlayerClock {
    /// While a sleep timer runs.
    static let tickInterval = 0.25
    /// Otherwise.
    static let idleTickInterval = 1.0
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

/// The root view: the coordinator, and the front end's companion view, with the Player in their environment.
struct CoordinatorRoot<Companion: View>: View {
    let coordinator: PlaybackCoordinator
    let player: Player
    let companion: Companion

    var body: some View {
        Group {
            coordinator
            companion
        }
        .environment(player)
    }
}

extension CoordinatorRoot where Companion == EmptyView {
    /// The coordinator alone.
    init(coordinator: PlaybackCoordinator, player: Player) {
        self.init(coordinator: coordinator, player: player, companion: EmptyView())
    }
}
