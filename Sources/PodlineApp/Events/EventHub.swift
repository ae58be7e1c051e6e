import Foundation
import Synchronization

/// The subscribers of the event stream; publishing hands each the line, in order, without blocking the publisher.
public final class EventHub: Sendable {
    /// The subscribers by token, the last token given, and who hears of the count.
    private struct State {
        var subscribers: [Int: @Sendable ([UInt8]) -> Void] = [:]
        var nextID = 0
        var countChanged: (@Sendable (Int) -> Void)?
    }

    private let state = Mutex(State())

    public init() {}

    /// Calls `handler` with the number of subscribers each time one comes or goes (on that thread).
    public func onCountChange(_ handler: (@Sendable (Int) -> Void)?) {
        state.withLock { $0.countChanged = handler }
    }

    /// Adds a subscriber; returns its token for `unsubscribe`.
    @discardableResult
    public func subscribe(_ receive: @escaping @Sendable ([UInt8]) -> Void) -> Int {
        let (token, count, handler) = state.withLock {
            $0.nextID += 1
            $0.subscribers[$0.nextID] = receive
            return ($0.nextID, $0.subscribers.count, $0.countChanged)
        }
        handler?(count)
        return token
    }

    /// Removes a subscriber.
    public func unsubscribe(_ token: Int) {
        let (removed, count, handler) = state.withLock {
            ($0.subscribers.removeValue(forKey: token) != nil, $0.subscribers.count, $0.countChanged)
        }
        if removed { handler?(count) }
    }

    /// The number of subscribers.
    public var count: Int { state.withLock { $0.subscribers.count } }

    /// Hands `event`'s line to every subscriber.
    public func publish(_ event: PlayerEvent) {
        let line = event.line
        let receivers = state.withLock { Array($0.subscribers.values) }
        for receive in receivers { receive(line) }
    }
}
