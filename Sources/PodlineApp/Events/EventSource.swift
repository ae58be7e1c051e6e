import DataFlow
import PodcastKit

/// Mounts the player's event observers in a view host and hands each event, position throttled, to a sink.
@MainActor
public final class EventSource {
    private var host: ViewHost<EventsRootView>?
    private var throttle: PositionThrottle?
    private var downloadThrottles: [String: PositionThrottle] = [:]

    /// Starts observing `player` and `activity`; `sink` receives every event on the main actor.
    /// Position events, and each download's progress events, come at most 4 times a second.
    public init(player: Player, activity: LibraryActivity = LibraryActivity(), sink: @escaping @MainActor (PlayerEvent) -> Void) {
        let throttle = PositionThrottle(deliver: sink)
        self.throttle = throttle
        let view = EventsRootView(player: player, activity: activity) { [weak self] event in
            switch event {
            case .propertyChange(name: "position", _):
                throttle.offer(event)
            case .downloadProgress(let ref, _, _):
                self?.downloadThrottle(ref, sink).offer(event)
            default:
                sink(event)
            }
        }
        let host = ViewHost(view)
        host.updatesAutomatically = true
        self.host = host
    }

    /// Runs pending observers now (for hosts that drive updates themselves).
    public func update() {
        host?.update()
    }

    private func downloadThrottle(_ ref: String, _ sink: @escaping @MainActor (PlayerEvent) -> Void) -> PositionThrottle {
        if let existing = downloadThrottles[ref] { return existing }
        if downloadThrottles.count >= 64 { downloadThrottles.removeAll() }
        let made = PositionThrottle(deliver: sink)
        downloadThrottles[ref] = made
        return made
    }

    /// Stops observing.
    public func stop() {
        downloadThrottles.values.forEach { $0.cancel() }
        downloadThrottles.removeAll()
        throttle?.cancel()
        host?.updatesAutomatically = false
        host = nil
        throttle = nil
    }
}
