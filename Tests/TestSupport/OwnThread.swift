import Foundation

/// Runs blocking work (a client's socket reads, say) on a thread of its own and waits for it without holding a thread of
/// the shared pool: a test blocks as a client process would, and the code under test keeps every pool thread.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
