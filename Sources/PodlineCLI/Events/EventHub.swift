import Foundation

/// The subscribers of the event stream; publishing hands each the line, in order, without blocking the publisher.
public final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: @Sendable ([UInt8]) -> Void] = [:]
    private var nextID = 0
    private var countChanged: (@Sendable (Int) -> Void)?

    public init() {}

    /// Calls `handler` with the number of subscribers each time one comes or goes (on that thread).
    public func onCountChange(_ handler: (@Sendable (Int) -> Void)?) {
        lock.withLock { countChanged = handler }
    }

    /// Adds a subscriber; returns its token for `unsubscribe`.
    @discardableResult
    public func subscribe(_ receive: @escaping @Sendable ([UInt8]) -> Void) -> Int {
        let (token, count, handler) = lock.withLock {
            nextID += 1
            subscribers[nextID] = receive
            return (nextID, subscribers.count, countChanged)
        }
        handler?(count)
        return token
    }

    /// Removes a subscriber.
    public func unsubscribe(_ token: Int) {
        let (removed, count, handler) = lock.withLock {
            (subscribers.removeValue(forKey: token) != nil, subscribers.count, countChanged)
        }
        if removed { handler?(count) }
    }

    /// The number of subscribers.
    public var count: Int { lock.withLock { subscribers.count } }

    /// Hands `event`'s line to every subscriber.
    public func publish(_ event: PlayerEvent) {
        let line = event.line
        let receivers = lock.withLock { Array(subscribers.values) }
        for receive in receivers { receive(line) }
    }
}
