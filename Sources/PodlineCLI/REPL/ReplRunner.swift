import Foundation
import Playback

/// Runs the REPL: lines are read on a thread of their own and run on the main actor (network-bound library commands
/// run on the reading thread), while the main thread
/// keeps serving main-actor work (socket commands, observers) between them.
enum ReplRunner {
    /// Runs until end of input or `quit`; returns the status of the last failing line (0 if none), or 0 when `quit` ends
    /// an interactive session.
    ///
    /// When piped input ends while an episode plays, the REPL waits for playback to end or pause (as `printf 'play x.mp3\n' |
    /// podline` means); a last line `quit` (or `stop`) ends it at once.
    static func run(
        settings: Settings, location: ControlLocation = .standard(),
        makeReader: @MainActor (ReplSession) -> any LineSource
    ) -> Int32 {
        let (session, reader) = MainActor.assumeIsolated { () -> (ReplSession, any LineSource) in
            let session = ReplSession(settings: settings, location: location)
            session.start()
            return (session, makeReader(session))
        }
        let finished = Flag()
        MainLoop.isRunElsewhere = true
        defer { MainLoop.isRunElsewhere = false }
        let interactive = isatty(0) == 1
        let quitTyped = Flag()
        Thread.detachNewThread {
            while let line = reader.next(prompt: MainActorCall.run { "podline [\(session.promptState)]> " }) {
                var keepGoing = true
                switch MainActorCall.run({ session.begin(line) }) {
                case .done(let more):
                    keepGoing = more
                case .runOffMain(let words):
                    let status = LibraryCommandRunner.run(words)
                    MainActorCall.run { session.finish(status: status) }
                }
                reader.record(line, failed: MainActorCall.run { session.lastStatus != 0 })
                if !keepGoing {
                    quitTyped.set()
                    break
                }
            }
            reader.close()
            if !quitTyped.isSet, !interactive {
                while MainActorCall.run({ session.isPlayingHere }) { usleep(100_000) }
            }
            MainActorCall.run { session.shutdown() }
            finished.set()
            DispatchQueue.main.async {}
        }
        while !finished.isSet {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
        if interactive, quitTyped.isSet { return 0 }
        return MainActor.assumeIsolated { session.lastFailure }
    }

    /// A flag one thread sets and another polls.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}
