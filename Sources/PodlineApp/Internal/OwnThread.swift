import Foundation

/// Runs blocking work (a socket read that waits for a player's events) on a plain thread of its own, so that it holds
/// neither the main actor, which may be serving that player, nor a thread of the small shared pool.
package func awaitOnOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

/// Runs `work` on a plain thread of its own and hands its result to `done` on the main actor.
///
/// The result comes back in a task made for the main actor, not through a continuation: a continuation resumes through
/// the global pool, and the pool's first worker arms libdispatch's monitor of its threads, which wakes the process every
/// second from then on (a full-screen view left open for hours).
package func onOwnThread<T: Sendable>(
    _ work: @escaping @Sendable () -> T, then done: @escaping @MainActor @Sendable (T) -> Void
) {
    Thread.detachNewThread {
        let result = work()
        Task { @MainActor in done(result) }
    }
}
