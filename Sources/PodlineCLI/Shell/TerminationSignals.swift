import Dispatch
import Foundation
import PodlineApp

/// SIGINT, SIGTERM and SIGHUP for a shell's player: each runs `handler` on the main actor with the exit status the
/// signal calls for (130, 143, 129), which saves the place and exits.
@MainActor
final class TerminationSignals {
    private var sources: [DispatchSourceSignal] = []

    init(handler: @escaping @MainActor (Int32) -> Void) {
        for (number, status) in [(SIGINT, ExitStatus.interrupted), (SIGTERM, 128 + SIGTERM), (SIGHUP, 128 + SIGHUP)] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { handler(status) } }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops taking the signals (the player has ended).
    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }
}
