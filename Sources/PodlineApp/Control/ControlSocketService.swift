import Playback
import PodcastKit

/// The control socket served while a shell's player plays, so that one-shot commands, scripts and `podline events`
/// reach it. When another player took the socket in the meantime, this one says so and plays without it.
@MainActor
package final class ControlSocketService: PlayerService {
    private let server: ControlServer
    private var serving = false

    package init(player: Player, dispatcher: CommandDispatcher) {
        server = ControlServer(player: player, dispatcher: dispatcher)
    }

    package func start() {
        guard !serving else { return }
        do {
            try server.start()
            serving = true
        } catch {
            printError("this player cannot be controlled from other shells: \(error)")
        }
    }

    package func stop() {
        guard serving else { return }
        serving = false
        server.stop()
    }
}
