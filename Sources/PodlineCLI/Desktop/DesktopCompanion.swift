import AudioEngine
import DataFlow
import Playback
import PodcastKit
import PodlineApp

/// The desktop's media controls beside the playback coordinator: `MPRISView` watches the player while the service is
/// on the session bus, and nothing is mounted otherwise.
struct DesktopCompanion: View {
    let service: MPRISService

    var body: some View {
        if service.isOnBus { MPRISView(service: service) }
    }
}

extension MPRISService: PlayerService {}

/// The running player as the shell and the REPL make it: the runtime with the desktop's media controls beside it.
typealias PlayerSession = PlaybackSession<DesktopCompanion>

extension PlaybackSession where Companion == DesktopCompanion {
    /// A session for `dispatcher`'s player, on the session bus while it runs (a client's Quit ends it), following
    /// config.toml's changes and reporting on standard error.
    static func forFrontEnd(output: OutputSpec, library: Library?, settings: Settings, dispatcher: CommandDispatcher) -> PlayerSession {
        let quit = QuitTarget()
        let desktop = MPRISService(dispatcher: dispatcher) { quit.session?.quit() }
        let session = PlayerSession(
            output: output, library: library, settings: settings, player: dispatcher.player,
            companion: DesktopCompanion(service: desktop), warn: { printError($0) })
        quit.session = session
        session.services = [desktop]
        // A show's settings written meanwhile (`show SLUG set` in the REPL) hold from its next episode on.
        Configuration.follow { [weak session] in session?.settingsChanged($0) }
        return session
    }
}

/// The session a desktop Quit ends, made after the service that needs it.
@MainActor
private final class QuitTarget {
    weak var session: PlayerSession?
}
