import Foundation
import Synchronization

/// Runs `operation` on the concurrency pool and waits for it, so that synchronous commands can use async services.
///
/// A one-shot command waits on the main thread, so it keeps running the main run loop meanwhile: main-actor work
/// (progress displays) goes on. In the REPL the main thread runs its own loop and commands wait on another thread.
func runBlocking<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            box.set(.success(try await operation()))
        } catch {
            box.set(.failure(error))
        }
        done.signal()
    }
    if MainLoop.isRunElsewhere {
        done.wait()
    } else {
        while done.wait(timeout: .now()) == .timedOut {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.02))
        }
    }
    return try box.get()
}

/// Who runs the main run loop: a one-shot command's own thread, or the REPL's main thread while commands run elsewhere.
enum MainLoop {
    private static let elsewhere = Atomic<Bool>(false)

    /// True while the REPL's main thread runs the loop (so commands must not).
    static var isRunElsewhere: Bool {
        get { elsewhere.load(ordering: .relaxed) }
        set { elsewhere.store(newValue, ordering: .relaxed) }
    }
}

/// Hands a result from the task to the waiting thread.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ value: Result<T, any Error>) {
        lock.withLock { result = value }
    }

    func get() throws -> T {
        try lock.withLock { result! }.get()
    }
}
