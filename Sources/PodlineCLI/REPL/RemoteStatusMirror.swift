import Foundation
import PodcastKit
import PodlineApp
import Synchronization

/// Keeps a REPL's player model in step with a player that runs in another process, so that the REPL's status line
/// and prompt show that player: it follows the player's event stream and, at each event, takes the player's status.
final class RemoteStatusMirror: Sendable {
    /// The event stream followed (ended from another thread on stop), and whether it was stopped.
    private let state = Mutex<(events: ControlClient?, stopped: Bool)>((nil, false))

    /// Starts following the player serving `location` into `player` (a model nothing else plays).
    @MainActor
    init(location: ControlLocation, player: Player) {
        Thread.detachNewThread { [self] in follow(location, into: player) }
    }

    /// Stops following.
    func stop() {
        state.withLock {
            $0.stopped = true
            $0.events?.shutdown()
        }
    }

    private func follow(_ location: ControlLocation, into player: Player) {
        guard let events = try? ControlClient(location: location), let status = try? ControlClient(location: location),
            (try? events.request([CommandTable.events.name]))?.succeeded == true
        else { return }
        let go = state.withLock {
            $0.events = events
            return !$0.stopped
        }
        guard go else { return }
        var line: [UInt8]? = []
        while line != nil {
            if let answer = try? status.request([CommandTable.status.name]), let data = answer.data(as: PlayerStatus.self) {
                let seen = Seen(data)
                DispatchQueue.main.async { MainActor.assumeIsolated { seen.apply(to: player) } }
            }
            line = try? events.readLine()
        }
        // The player went away.
        DispatchQueue.main.async { MainActor.assumeIsolated { Seen(nil).apply(to: player) } }
    }

    /// What one `status --json` object says.
    private struct Seen: Sendable {
        var item: NowPlaying?
        var state: PlayState
        var position: Double
        var duration: Double?
        var volume: Double?
        var speed: Double?
        var outputAvailable: Bool

        /// What `status` says; nil (the player went away) is a stopped player, its volume and speed left as they were.
        init(_ status: PlayerStatus?) {
            item = status?.episode?.item
            // A player waiting for its stream is playing.
            state = status.flatMap { PlayState(rawValue: $0.state) ?? ($0.buffering != nil ? .playing : nil) } ?? .stopped
            position = status?.position ?? 0
            duration = status?.duration
            volume = status?.volume
            speed = status?.speed
            outputAvailable = status?.outputAvailable ?? true
        }

        /// Writes it into `player`.
        @MainActor
        func apply(to player: Player) {
            if player.current?.id != item?.id { player.current = item }
            player.state = state
            player.position = position
            player.duration = duration
            if let volume { player.volume = volume }
            if let speed { player.speed = speed }
            player.outputAvailable = outputAvailable
        }
    }
}
