import Foundation

/// Runs blocking work (waiting for processes, sleeping) on a thread of its own, so that it does not hold
/// one of the few threads of the concurrency pool that other tests' HTTP transfers need.
enum Blocking {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
    }
}
