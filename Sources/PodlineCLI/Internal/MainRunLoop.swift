import Foundation
import PodlineApp

/// The process's one entry into async code: the main thread runs the main run loop, which is the main actor's executor
/// here (dispatch's main queue drains on it, and its sources — signals, the terminal, the session bus — fire on the
/// main thread), while the program runs on the main actor as one task.
///
/// An async `main` would serve the main queue with `dispatch_main()`, which ends the main thread and runs main-actor
/// work on a pool thread: the terminal's line editor and the signal masks want the main thread itself.
enum MainRunLoop {
    /// Runs `program` on the main actor and exits with the status it returns.
    static func run(_ program: @escaping @MainActor () async -> Int32) -> Never {
        Task { @MainActor in exit(await program()) }
        while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    }
}
