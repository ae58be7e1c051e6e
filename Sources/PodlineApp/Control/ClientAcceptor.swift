import Foundation
import Synchronization

/// Accepts a listening socket's clients when it is readable, on the control socket queue.
///
/// Out of descriptors, the client is left pending in the backlog and accepting waits: it starts again when a client
/// of this listener closes (`retry`), or a quarter of a second later for a descriptor freed elsewhere in the process,
/// which sends no event.
package final class ClientAcceptor: Sendable {
    private let fd: Int32
    private let accepted: @Sendable (Int32) -> Void
    /// The listening descriptor's read source, whether it waits for a descriptor to be freed, and whether it was
    /// cancelled.
    private let state: Mutex<(source: any DispatchSourceRead, starved: Bool, cancelled: Bool)>

    /// Starts accepting on `fd` (non-blocking); `accepted` takes each client's descriptor (non-blocking), on the control
    /// socket queue.
    package init(fd: Int32, accepted: @escaping @Sendable (Int32) -> Void) {
        self.fd = fd
        self.accepted = accepted
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: ControlSocketQueue.shared)
        state = Mutex((source, false, false))
        state.withLock {
            $0.source.setEventHandler { [weak self] in self?.acceptWaiting() }
            $0.source.setCancelHandler { close(fd) }
            $0.source.activate()
        }
    }

    /// Accepts every client waiting, until none is left.
    private func acceptWaiting() {
        while true {
            let client = accept(fd, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                UnixSocket.setNonBlocking(client)
                accepted(client)
                continue
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO:
                continue
            case EAGAIN, EWOULDBLOCK:
                return
            default:
                // Out of descriptors or memory: the readiness would fire again at once, so wait for one to be freed.
                waitForDescriptor()
                return
            }
        }
    }

    private func waitForDescriptor() {
        let suspended = state.withLock {
            guard !$0.starved, !$0.cancelled else { return false }
            $0.starved = true
            $0.source.suspend()
            return true
        }
        guard suspended else { return }
        ControlSocketQueue.shared.asyncAfter(deadline: .now() + 0.25) { [weak self] in self?.retry() }
    }

    /// Accepts again after running out of descriptors (a client closed, or time passed); nothing when accepting did
    /// not wait.
    package func retry() {
        state.withLock {
            guard $0.starved, !$0.cancelled else { return }
            $0.starved = false
            $0.source.resume()
        }
    }

    /// Stops accepting. Called on the control socket queue, so no accept is under way and none starts after it; the
    /// source's cancel handler closes the descriptor later on that queue.
    package func cancel() {
        state.withLock {
            guard !$0.cancelled else { return }
            $0.cancelled = true
            $0.source.cancel()
            // A suspended source runs its cancel handler only once resumed.
            if $0.starved {
                $0.starved = false
                $0.source.resume()
            }
        }
    }
}
