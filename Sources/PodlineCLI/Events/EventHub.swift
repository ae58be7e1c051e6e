import Foundation

/// The subscribers of the event stream; publishing hands each the line, in order, without blocking the publisher.
public final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: @Sendable ([UInt8]) -> Void] = [:]
    private var nextID = 0

    public init() {}

    /// Adds a subscriber; returns its token for `unsubscribe`.
    @discardableResult
    public func subscribe(_ receive: @escaping @Sendable ([UInt8]) -> Void) -> Int {
        lock.withLock {
            nextID += 1
            subscribers[nextID] = receive
            return nextID
        }
    }

    /// Removes a subscriber.
    public func unsubscribe(_ token: Int) {
        lock.withLock { _ = subscribers.removeValue(forKey: token) }
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
