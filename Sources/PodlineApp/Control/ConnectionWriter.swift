import Foundation
import Synchronization

/// Writes a client's replies and events in order without ever waiting, on the control socket queue: what the socket
/// does not take at once is kept and sent when it is writable again; a client that takes nothing for `timeout`
/// seconds, or whose socket fails, is dropped (shut down), and what is left for it is let go.
package final class ConnectionWriter: Sendable {
    private let fd: Int32
    private let timeout: Duration
    private let state: Mutex<State>

    /// The write source (resumed only while waiting for room), the bytes not sent yet, when the client last took some,
    /// and how the connection ends.
    private struct State {
        var source: any DispatchSourceWrite
        var pending: [UInt8] = []
        var sent = 0
        var waitingForRoom = false
        var lastProgress = ContinuousClock.now
        var aborted = false
        var closing = false
        var cancelled = false
    }

    /// Writes to `fd` (non-blocking); `ended` runs on the control socket queue once the write source is cancelled.
    package init(fd: Int32, timeout: Duration, ended: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.timeout = timeout
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: ControlSocketQueue.shared)
        state = Mutex(State(source: source))
        state.withLock {
            $0.source.setEventHandler { [weak self] in self?.flush() }
            $0.source.setCancelHandler(handler: ended)
            // Active but suspended: it fires only while something waits for room.
            $0.source.activate()
            $0.source.suspend()
        }
    }

    /// Queues `bytes` after what was queued before.
    package func write(_ bytes: [UInt8]) {
        ControlSocketQueue.shared.async { [self] in
            let flushNow = state.withLock {
                guard !$0.aborted, !$0.closing else { return false }
                $0.pending += bytes
                return !$0.waitingForRoom
            }
            if flushNow { flush() }
        }
    }

    /// Ends writing once what is queued is sent (or the client is dropped), then cancels the write source.
    package func finish() {
        ControlSocketQueue.shared.async { [self] in
            state.withLock {
                $0.closing = true
                if $0.aborted || $0.sent == $0.pending.count { Self.cancel(&$0) }
            }
        }
    }

    /// Sends what the socket takes now; waits for room for the rest.
    private func flush() {
        state.withLock { state in
            while state.sent < state.pending.count {
                let count = state.pending.withUnsafeBytes { raw in
                    send(fd, raw.baseAddress! + state.sent, raw.count - state.sent, Int32(MSG_NOSIGNAL))
                }
                if count > 0 {
                    state.sent += count
                    state.lastProgress = .now
                } else if count < 0, errno == EINTR {
                    continue
                } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    waitForRoom(&state)
                    return
                } else {
                    abort(&state)
                    return
                }
            }
            state.pending.removeAll(keepingCapacity: true)
            state.sent = 0
            if state.waitingForRoom {
                state.waitingForRoom = false
                state.source.suspend()
            }
            if state.closing { Self.cancel(&state) }
        }
    }

    private func waitForRoom(_ state: inout State) {
        // What was sent is let go, so that a client that keeps up slowly holds no more than what waits for it.
        if state.sent >= 64 * 1024 {
            state.pending.removeFirst(state.sent)
            state.sent = 0
        }
        guard !state.waitingForRoom else { return }
        state.waitingForRoom = true
        state.source.resume()
        checkProgress(after: timeout)
    }

    /// Drops a client that took nothing for `timeout` while writes waited for it.
    private func checkProgress(after delay: Duration) {
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        ControlSocketQueue.shared.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            guard let self else { return }
            let left = state.withLock { state -> Duration? in
                guard state.waitingForRoom, !state.aborted else { return nil }
                let idle = state.lastProgress.duration(to: .now)
                if idle < timeout { return timeout - idle }
                abort(&state)
                return nil
            }
            if let left { checkProgress(after: left) }
        }
    }

    /// Drops the client at once, and what is queued for it.
    private func abort(_ state: inout State) {
        shutdown(fd, Int32(SHUT_RDWR))
        state.aborted = true
        state.pending = []
        state.sent = 0
        if state.waitingForRoom {
            state.waitingForRoom = false
            state.source.suspend()
        }
        if state.closing { Self.cancel(&state) }
    }

    private static func cancel(_ state: inout State) {
        guard !state.cancelled else { return }
        state.cancelled = true
        state.source.cancel()
        // A suspended source runs its cancel handler only once resumed.
        if !state.waitingForRoom { state.source.resume() }
    }
}
