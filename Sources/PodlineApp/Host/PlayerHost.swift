import AudioEngine
import DataFlow
import Foundation
import Playback
import PodcastKit

/// This process's player with all that serves it: the dispatcher over its model, the control socket that other shells
/// and scripts reach it by (with the event stream), and the playback session that plays it with the front end's
/// services beside it (the desktop's media controls). One start, one stop, for the REPL, the full-screen view and
/// `podline play` alike.
@MainActor
package final class PlayerHost<Companion: View> {
    /// What a start does when another player already serves the socket.
    package enum SocketTaken {
        /// Fails with `.alreadyServed`, and nothing starts: that player is the one to talk to (the REPL).
        case fail
        /// Says so and plays without the socket (a `podline play` that lost the race for it).
        case playWithout
    }

    package let dispatcher: CommandDispatcher
    /// The control socket's server, with the event stream of this player.
    package let control: ControlServer
    private let makeSession: (CommandDispatcher) -> PlaybackSession<Companion>
    private var serving = false

    /// A host for `dispatcher`'s player, serving the socket at `location`; `makeSession` makes the session that plays
    /// it, once it is first needed.
    package init(
        dispatcher: CommandDispatcher, location: ControlLocation = .standard(),
        makeSession: @escaping (CommandDispatcher) -> PlaybackSession<Companion>
    ) {
        self.dispatcher = dispatcher
        self.makeSession = makeSession
        control = ControlServer(player: dispatcher.player, dispatcher: dispatcher, location: location)
    }

    package var player: Player { dispatcher.player }

    /// The session that plays the player: made at the first use (a REPL whose socket another player serves makes none).
    package private(set) lazy var session: PlaybackSession<Companion> = makeSession(dispatcher)

    /// Serves the socket, then plays along: the session's services come up and model changes reach the engine.
    package func start(whenSocketTaken taken: SocketTaken) throws(ControlError) {
        do {
            try control.start()
            serving = true
        } catch {
            guard taken == .playWithout else { throw error }
            printError("this player cannot be controlled from other shells: \(error)")
        }
        session.start()
    }

    /// What keeps the player's queue as the library's, once `keepQueue()` asked for it.
    private var queueKeeper: QueueKeeper?

    /// Makes the player's queue the library's queue (the playlist `queue`): taken up now, after what the player holds,
    /// and kept both ways while the player runs. Nothing is done where there is no library yet.
    package func keepQueue() {
        guard queueKeeper == nil, FileManager.default.fileExists(atPath: dispatcher.resolver.paths.database.path) else { return }
        do {
            queueKeeper = try QueueKeeper(dispatcher: dispatcher)
        } catch {
            printError("the library's queue is not played: \(error)")
        }
    }

    /// Ends the session (the services stop, the position is saved, the output closes), then the socket, so that its
    /// listeners hear what the end did before they are let go.
    package func stop() {
        session.stop()
        queueKeeper?.stop()
        stopServing()
    }

    /// Plays until nothing is left to play: the one start, the session's end, the one stop. Returns the error that
    /// ended the last episode, if one did.
    package func run() async -> AudioError? {
        try? start(whenSocketTaken: .playWithout)
        let error = await session.ended()
        stop()
        return error
    }

    /// Saves the position, closes the output and leaves the socket at once, before the process exits (on a signal).
    package func shutdownNow() {
        session.shutdownNow()
        queueKeeper?.stop()
        stopServing()
    }

    private func stopServing() {
        guard serving else { return }
        serving = false
        control.stop()
    }
}
