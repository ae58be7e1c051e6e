import Foundation

/// Undoes a signal mask inherited from the parent process, so that Ctrl-C, hang-up and termination reach the REPL.
@MainActor
enum SignalMask {
    /// Unblocks SIGINT, SIGTERM and SIGHUP for the main thread and the threads it starts later.
    static func unblockTermination() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
