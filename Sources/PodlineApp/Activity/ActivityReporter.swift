import Foundation
import Logging
import PodcastKit
import Synchronization

/// Passes a library command's progress on, from any thread: to the player this process serves (through its model), or
/// to the player serving the control socket (one fire-and-forget line per notice), and to a progress display.
///
/// Download progress is limited to `perSecond` notices per download; the last one (the complete size) always goes.
public final class ActivityReporter: Sendable {
    private let location: ControlLocation
    private let interval: Duration
    private let display: (@Sendable (ActivityNotice) -> Void)?
    /// The connection to the player (once tried, nil when there is none) and when each download was last passed on.
    private let state = Mutex<(client: ControlClient?, triedSocket: Bool, lastSent: [String: ContinuousClock.Instant])>(
        (nil, false, [:]))
    private let log = Logger(label: "podline.activity")

    /// A reporter for one command; `display` also receives every notice let through.
    public init(
        location: ControlLocation = .standard(), perSecond: Int = 4,
        display: (@Sendable (ActivityNotice) -> Void)? = nil
    ) {
        self.location = location
        interval = .seconds(1) / perSecond
        self.display = display
    }

    /// A download has `bytes` of `total`.
    public func download(ref: String, bytes: Int64, total: Int64?) {
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            let complete = total.map { bytes >= $0 } ?? false
            if let last = state.lastSent[ref], now - last < interval, !complete { return false }
            state.lastSent[ref] = now
            return true
        }
        if due { deliver(.download(ref: ref, bytes: bytes, total: total)) }
    }

    /// A feed refresh finished.
    public func feed(_ result: FeedUpdateResult) {
        switch result.outcome {
        case .updated(let count, _): deliver(.feedUpdated(show: result.show.slug, newEpisodes: count))
        case .notModified: deliver(.feedUpdated(show: result.show.slug, newEpisodes: 0))
        case .failed(let reason): deliver(.feedFailed(show: result.show.slug, reason: reason))
        }
    }

    private func deliver(_ notice: ActivityNotice) {
        display?(notice)
        if let local = LocalActivity.shared.sink {
            local(notice)
            return
        }
        state.withLock { state in
            if !state.triedSocket {
                state.triedSocket = true
                state.client = try? ControlClient(location: location)
                if let client = state.client {
                    client.limitSendTime(seconds: 1)
                    log.debug("passing progress to the player at \(location.socketPath)")
                }
            }
            guard let client = state.client else { return }
            do {
                try client.send(notice.line)
            } catch {
                log.debug("the player stopped taking progress: \(error)")
                state.client = nil
            }
        }
    }
}

/// Where this process's own player takes notices, while it serves the control socket.
package final class LocalActivity: Sendable {
    package static let shared = LocalActivity()
    /// The sink in a box of its own: a closure kept in the lock itself would be read through the lock's `inout` and
    /// written back wrapped in two more reabstraction thunks at every read, a chain as long as the notices sent.
    private let current = Mutex<Sink?>(nil)

    private final class Sink: Sendable {
        let send: @Sendable (ActivityNotice) -> Void
        init(_ send: @escaping @Sendable (ActivityNotice) -> Void) { self.send = send }
    }

    /// The sink of the player this process serves, if any.
    package var sink: (@Sendable (ActivityNotice) -> Void)? {
        get { current.withLock { $0 }?.send }
        set { current.withLock { $0 = newValue.map(Sink.init) } }
    }
}
