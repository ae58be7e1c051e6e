import Foundation
import PodlineApp

/// Undoes a signal mask inherited from the parent process (a thread of another program that blocks them all spawned it),
/// so that Ctrl-C, Ctrl-Z, hang-up and termination reach the REPL and the player.
@MainActor
enum SignalMask {
    /// Unblocks SIGINT, SIGTERM, SIGHUP, SIGTSTP and SIGCONT for the main thread and the threads it starts later.
    static func unblockTermination() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
