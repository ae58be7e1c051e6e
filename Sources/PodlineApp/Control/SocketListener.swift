import Foundation
import Synchronization

/// The listening socket, accepted from when it is readable; each accepted client of this user becomes a
/// `ControlConnection`. No thread is its own: every descriptor is accepted, read, written and closed on the control socket
/// queue.
package final class SocketListener: Sendable {
    package let location: ControlLocation
    private let hub: EventHub
    private let handler: @MainActor @Sendable (ControlRequest) async -> ControlResponse
    /// What accepts the clients (nil when not listening), the clients connected by number, the last number given, and
    /// whether it was stopped.
    private let state = Mutex<(acceptor: ClientAcceptor?, connections: [Int: ControlConnection], lastNumber: Int, stopped: Bool)>(
        (nil, [:], 0, false))

    package init(
        location: ControlLocation, hub: EventHub, handler: @escaping @MainActor @Sendable (ControlRequest) async -> ControlResponse
    ) {
        self.location = location
        self.hub = hub
        self.handler = handler
    }

    /// Binds the socket (replacing a stale one) and starts accepting.
    package func start() throws(ControlError) {
        try SocketDirectory.prepare(location.directory)
        guard PlayerLock.shared.acquire(in: location.directory) else { throw .alreadyServed(location.socketPath) }
        do {
            try bindAndListen()
        } catch {
            PlayerLock.shared.release()
            throw error
        }
    }

    /// Binds the socket, replacing one left by a player that died (the lock says none runs), and starts accepting.
    private func bindAndListen() throws(ControlError) {
        try removeStaleSocket()
        let fd = try UnixSocket.make()
        let bound = try UnixSocket.withAddress(location.socketPath) { bind(fd, $0, $1) }
        guard bound == 0 else {
            let code = errno
            close(fd)
            if code == EADDRINUSE { throw .alreadyServed(location.socketPath) }
            throw .system("bind \(location.socketPath)", code)
        }
        chmod(location.socketPath, 0o600)
        guard listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            throw .system("listen", code)
        }
        UnixSocket.setNonBlocking(fd)
        let acceptor = ClientAcceptor(fd: fd) { [weak self] client in self?.take(client) }
        state.withLock { $0.acceptor = acceptor }
    }

    /// Stops accepting, ends every connection and removes the socket.
    ///
    /// It returns once no handler can read or accept on the descriptors any more: the sources are cancelled and the
    /// connections stop reading in one block on the control socket queue, where every handler runs, so none is under
    /// way then and none runs after it. The descriptors are closed by the sources' cancel handlers, later on that
    /// queue; a connection's, once its replies queued before are written.
    package func stop() {
        let acceptor = state.withLock {
            $0.stopped = true
            return $0.acceptor
        }
        guard let acceptor else { return }
        unlink(location.socketPath)
        ControlSocketQueue.shared.sync {
            acceptor.cancel()
            for connection in state.withLock({ Array($0.connections.values) }) { connection.stopReading() }
        }
        state.withLock { $0.acceptor = nil }
        PlayerLock.shared.release()
    }

    /// The number of clients connected now.
    package var clientCount: Int { state.withLock { $0.connections.count } }

    private func removeStaleSocket() throws(ControlError) {
        var info = stat()
        guard lstat(location.socketPath, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw .unsafeDirectory("\(location.socketPath) exists and is not a socket")
        }
        switch UnixSocket.connect(to: location.socketPath) {
        case .success(let fd):
            close(fd)
            throw .alreadyServed(location.socketPath)
        case .failure:
            unlink(location.socketPath)
        }
    }

    /// Takes one accepted client (another user's is told no and closed); on the control socket queue.
    private func take(_ client: Int32) {
        guard UnixSocket.peerUID(client) == geteuid() else {
            _ = UnixSocket.writeAll(
                client,
                ControlReply.failure(
                    .null, error: "permission denied",
                    message: "this player belongs to another user"))
            close(client)
            return
        }
        let number: Int? = state.withLock {
            guard !$0.stopped else { return nil }
            $0.lastNumber += 1
            return $0.lastNumber
        }
        guard let number else {
            close(client)
            return
        }
        // Stopping waits for this block to end before it stops every connection's reading, this one's included.
        guard let connection = ControlConnection(fd: client, hub: hub, handler: handler, onClose: { [weak self] in self?.closed(number) })
        else {
            close(client)
            return
        }
        state.withLock { $0.connections[number] = connection }
        connection.start()
    }

    /// Forgets a client whose descriptors were just closed, and accepts again if accepting waited for a descriptor.
    private func closed(_ number: Int) {
        let acceptor = state.withLock {
            $0.connections[number] = nil
            return $0.acceptor
        }
        acceptor?.retry()
    }
}
