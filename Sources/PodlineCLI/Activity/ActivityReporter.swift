import Foundation
import Logging
import PodcastKit
import Synchronization

/// Passes a library command's progress on, from any thread: to the player this process serves (through its model), or
/// to the player serving the control socket (one fire-and-forget line per notice), and to a progress display.
///
/// Download progress is limited to `perSecond` notices per download; the last one (the complete size) always goes.
public final class ActivityReporter: @unchecked Sendable {
    private let lock = NSLock()
    private let location: ControlLocation
    private let interval: Duration
    private let display: (@Sendable (ActivityNotice) -> Void)?
    private var client: ControlClient?
    private var triedSocket = false
    private var lastSent: [String: ContinuousClock.Instant] = [:]
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
        let due = lock.withLock { () -> Bool in
            let complete = total.map { bytes >= $0 } ?? false
            if let last = lastSent[ref], now - last < interval, !complete { return false }
            lastSent[ref] = now
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
        lock.withLock {
            if !triedSocket {
                triedSocket = true
                client = try? ControlClient(location: location)
                if let client {
                    client.limitSendTime(seconds: 1)
                    log.debug("passing progress to the player at \(location.socketPath)")
                }
            }
            guard let client else { return }
            do {
                try client.send(notice.line)
            } catch {
                log.debug("the player stopped taking progress: \(error)")
                self.client = nil
            }
        }
    }
}

/// Where this process's own player takes notices, while it serves the control socket.
final class LocalActivity: Sendable {
    static let shared = LocalActivity()
    private let current = Mutex<(@Sendable (ActivityNotice) -> Void)?>(nil)

    /// The sink of the player this process serves, if any.
    var sink: (@Sendable (ActivityNotice) -> Void)? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
