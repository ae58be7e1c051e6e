import Foundation

/// The engine thread's mailbox: commands sent from any thread are taken in order on the engine's thread, which sleeps
/// here while idle; a command also wakes the output device that thread may be waiting on for space.
final class EngineMailbox {
    private let condition = NSCondition()
    private var inbox: [EngineCommand] = []
    /// The device a command wakes from its wait for space.
    private var wakeTarget: (any AudioDevice)?

    /// Queues `command` and wakes the engine's thread, wherever it waits.
    func send(_ command: EngineCommand) {
        condition.lock()
        inbox.append(command)
        condition.signal()
        let target = wakeTarget
        condition.unlock()
        target?.wake()
    }

    /// Makes `device` the one a command wakes (nil: none).
    func wakeOnCommand(_ device: (any AudioDevice)?) {
        condition.lock()
        wakeTarget = device
        condition.unlock()
    }

    /// The commands sent since the last call, oldest first. When `waiting` and none is there, sleeps until one comes,
    /// or until `deadline` at the latest (something is to be looked at then).
    func take(waiting: Bool, until deadline: Date?) -> [EngineCommand] {
        condition.lock()
        defer { condition.unlock() }
        if waiting && inbox.isEmpty {
            if let deadline {
                _ = condition.wait(until: deadline)
            } else {
                condition.wait()
            }
        }
        let taken = inbox
        inbox.removeAll()
        return taken
    }

    /// True when a command waits that must not wait for the network and ends the episode: stop, load, shutdown.
    var holdsCommandThatCannotWait: Bool {
        condition.lock()
        defer { condition.unlock() }
        return inbox.contains { command in
            switch command {
            case .stop, .load, .shutdown: true
            default: false
            }
        }
    }
}
