import Foundation

/// Runs the REPL: lines are read on a thread of their own and run on the main actor, while the main thread
/// keeps serving main-actor work (socket commands, observers) between them.
enum ReplRunner {
    /// Runs until end of input or `quit`; returns the status of the last failing line (0 if none).
    static func run(settings: Settings, location: ControlLocation = .standard(),
                    makeReader: @MainActor (ReplSession) -> any LineSource) -> Int32 {
        let (session, reader) = MainActor.assumeIsolated { () -> (ReplSession, any LineSource) in
            let session = ReplSession(settings: settings, location: location)
            session.start()
            return (session, makeReader(session))
        }
        let finished = Flag()
        Thread.detachNewThread {
            while let line = reader.next(prompt: MainActorCall.run { "podline [\(session.promptState)]> " }) {
                let keepGoing = MainActorCall.run { session.execute(line) }
                reader.record(line, failed: MainActorCall.run { session.lastStatus != 0 })
                if !keepGoing { break }
            }
            reader.close()
            MainActorCall.run { session.shutdown() }
            finished.set()
            DispatchQueue.main.async {}
        }
        while !finished.isSet {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
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
