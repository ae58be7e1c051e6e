import Foundation

/// Runs blocking work (a socket read that waits for a player's events) on a plain thread of its own, so that it holds
/// neither the main actor, which may be serving that player, nor a thread of the small shared pool.
package func awaitOnOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
