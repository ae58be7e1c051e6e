import Foundation

/// Runs main-actor work from a plain thread and waits for its result.
enum MainActorCall {
    /// Runs `work` on the main actor; the calling thread (never the main one) blocks until it is done.
    static func run<T: Sendable>(_ work: @escaping @MainActor @Sendable () -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task { @MainActor in
            box.value = work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }
}
