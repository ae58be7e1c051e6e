import Foundation
import Playback
import PodlineApp

/// Runs the REPL on the main actor: each line is read on a thread of its own (`LineReaderThread`) while the main actor
/// goes on serving main-actor work (socket commands, observers, the player) until the line arrives.
@MainActor
enum ReplRunner {
    /// Runs until end of input or `quit`; returns the status of the last failing line (0 if none), or 0 when `quit` ends
    /// an interactive session.
    ///
    /// When piped input ends while an episode plays, the REPL waits for playback to end or pause (as `printf 'play x.mp3\n' |
    /// podline` means); a last line `quit` (or `stop`) ends it at once.
    static func run(
        settings: Settings, location: ControlLocation = .standard(),
        makeReader: (ReplSession) -> sending any LineSource
    ) async -> Int32 {
        let session = ReplSession(settings: settings, location: location)
        session.start()
        let reader = LineReaderThread(makeReader(session))
        let interactive = isatty(0) == 1
        let suspend =
            interactive
            ? SuspendSignal(note: "paused while suspended ('resume' plays on)") { session.pauseForSuspend() } : nil
        var quitTyped = false
        while let line = await reader.next(prompt: "podline [\(session.promptState)]> ") {
            // Ctrl-C cancels the line's command (and nothing more): its status is then 130.
            let (keepGoing, interrupted) = await InterruptibleLine.run(watching: reader.interruptFD) {
                await session.execute(line)
            }
            if interrupted { session.finish(status: ExitStatus.interrupted) }
            reader.record(line, failed: session.lastStatus != 0)
            if !keepGoing {
                quitTyped = true
                break
            }
        }
        reader.close()
        suspend?.cancel()
        if !quitTyped, !interactive { await session.notPlaying() }
        let owned = session.ownsPlayer
        session.shutdown()
        // Its player stopped: what was heard goes to the other devices (with [sync] auto; a failure is a warning).
        if owned { await SyncStart.automatically(editor: session.dispatcher.library) }
        if interactive, quitTyped { return 0 }
        return session.lastFailure
    }
}
