import Synchronization

/// Work reported to a graph from observation callbacks and publishers, on any thread.
///
/// Observation calls back synchronously on the writing thread, inside the
/// property's `willSet`, so the callbacks only record what happened here;
/// the graph takes it on the main actor during its next update.
final class PendingWork: Sendable {
    /// A node whose dependencies changed; `generation` is the body evaluation
    /// that registered them, or `nil` for a subscription that never goes stale.
    struct Invalidation: Sendable {
        let node: ViewNode
        let generation: UInt64?
    }

    /// Everything recorded since the graph last took its work.
    struct Batch {
        var invalidations: [Invalidation] = []
        var jobs: [@MainActor @Sendable () -> Void] = []
    }

    private struct Queue: ~Copyable {
        var batch = Batch()
        var wakeScheduled = false
        /// Set while the host applies changes it takes in at once (`hold`): they need no wake.
        var held = false
        var wake: (@Sendable () -> Void)?
    }

    private let queue = Mutex(Queue())

    /// Records that `node`'s dependencies changed.
    func invalidate(_ node: ViewNode?, generation: UInt64?) {
        guard let node else { return }
        let wake = queue.withLock { queue -> (@Sendable () -> Void)? in
            queue.batch.invalidations.append(Invalidation(node: node, generation: generation))
            return Self.claimWake(&queue)
        }
        wake?()
    }

    /// Records a job to run on the main actor after the next update pass.
    func enqueue(_ job: @escaping @MainActor @Sendable () -> Void) {
        let wake = queue.withLock { queue -> (@Sendable () -> Void)? in
            queue.batch.jobs.append(job)
            return Self.claimWake(&queue)
        }
        wake?()
    }

    /// Moves everything recorded so far into `batch` (empty: the caller empties it after each use), leaving the queue
    /// empty; the two swap their storage, so a steady stream allocates and copies nothing.
    func take(into batch: inout Batch) {
        queue.withLock { queue in
            queue.wakeScheduled = false
            guard !queue.batch.invalidations.isEmpty || !queue.batch.jobs.isEmpty else { return }
            swap(&batch, &queue.batch)
        }
    }

    /// Whether anything was recorded since the last `take()`.
    var hasWork: Bool {
        queue.withLock { !$0.batch.invalidations.isEmpty || !$0.batch.jobs.isEmpty }
    }

    /// Sets the callback run (once until the next `take()`) when work arrives.
    func setWake(_ wake: (@Sendable () -> Void)?) {
        queue.withLock { $0.wake = wake }
    }

    /// Holds back the wake while the host makes changes it takes in at once (true), or lets it go again (false).
    func hold(_ held: Bool) {
        queue.withLock { $0.held = held }
    }

    private static func claimWake(_ queue: inout Queue) -> (@Sendable () -> Void)? {
        guard let wake = queue.wake, !queue.wakeScheduled, !queue.held else { return nil }
        queue.wakeScheduled = true
        return wake
    }
}
