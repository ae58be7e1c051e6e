import Foundation

/// State behind a lock that a thread may also wait on until another thread changes it. It exists for the one place a
/// thread must block for data: the decoder's own thread waiting for the bytes a stream's transfer brings. Only a
/// thread of its own waits here; the transfer (on the shared pool) only changes the state, which wakes the waiter.
/// A Mutex cannot be waited on, hence a condition variable, and `@unchecked Sendable`: every access to `state` is
/// inside the condition's lock.
final class Waitable<State>: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` on the state, locked; whoever waits looks again afterwards.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&state)
    }

    /// Blocks the calling thread until `ready` holds of the state or `deadline` passes, then runs `body` on it, locked.
    func wait<Result>(
        until deadline: Date, for ready: (State) -> Bool, then body: (inout State) throws -> Result
    ) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !ready(state) {
            if !condition.wait(until: deadline) { break }
        }
        return try body(&state)
    }
}
