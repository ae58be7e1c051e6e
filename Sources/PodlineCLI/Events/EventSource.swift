import DataFlow
import PodcastKit

/// Mounts the player's event observers in a view host and hands each event, position throttled, to a sink.
@MainActor
public final class EventSource {
    private var host: ViewHost<PlayerEventsView>?
    private var throttle: PositionThrottle?

    /// Starts observing `player`; `sink` receives every event on the main actor.
    public init(player: Player, sink: @escaping @MainActor (PlayerEvent) -> Void) {
        let throttle = PositionThrottle(deliver: sink)
        self.throttle = throttle
        let view = PlayerEventsView(player: player) { event in
            if case .propertyChange(name: "position", _) = event {
                throttle.offer(event)
            } else {
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

    /// Stops observing.
    public func stop() {
        throttle?.cancel()
        host?.updatesAutomatically = false
        host = nil
        throttle = nil
    }
}
