import Foundation

/// Lets one stream of events (positions, or one download's progress) through at most `rate` times a second,
/// always delivering the latest value last.
@MainActor
package final class PositionThrottle {
    private let interval: Duration
    private let clock = ContinuousClock()
    private var lastSent: ContinuousClock.Instant?
    private var pending: PlayerEvent?
    private var flush: Task<Void, Never>?
    private let deliver: @MainActor (PlayerEvent) -> Void

    package init(perSecond rate: Int = 4, deliver: @escaping @MainActor (PlayerEvent) -> Void) {
        interval = .seconds(1) / rate
        self.deliver = deliver
    }

    /// Sends `event` now if the interval has passed, else keeps it for the end of the interval.
    package func offer(_ event: PlayerEvent) {
        let now = clock.now
        if let lastSent, now - lastSent < interval {
            pending = event
            if flush == nil {
                let wait = interval - (now - lastSent)
                flush = Task { @MainActor [weak self] in
                    try? await Task.sleep(for: wait)
                    self?.sendPending()
                }
            }
            return
        }
        pending = nil
        lastSent = now
        deliver(event)
    }

    /// Drops a kept event (for example when the episode changes).
    package func cancel() {
        pending = nil
        flush?.cancel()
        flush = nil
    }

    private func sendPending() {
        flush = nil
        guard let event = pending else { return }
        pending = nil
        lastSent = clock.now
        deliver(event)
    }
}
