import Foundation
import Synchronization

/// The listening socket and its accept thread; each accepted client of this user becomes a `ControlConnection`.
package final class SocketListener: Sendable {
    package let location: ControlLocation
    private let hub: EventHub
    private let handler: @MainActor @Sendable (ControlRequest) async -> ControlResponse
    /// The listening descriptor (-1 when not listening) and its accept thread, the clients connected, and whether it
    /// was stopped.
    private let state = Mutex<
        (listenFD: Int32, acceptor: AcceptThread?, connections: [ObjectIdentifier: ControlConnection], stopped: Bool)
    >((-1, nil, [:], false))

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
        let acceptor = AcceptThread(
            fd: fd, stopping: { [weak self] in self?.isStopped ?? true },
            accepted: { [weak self] client in self?.take(client) ?? false })
        state.withLock { ($0.listenFD, $0.acceptor) = (fd, acceptor) }
    }

    /// Stops accepting, ends every connection and removes the socket.
    package func stop() {
        let (fd, acceptor, open) = state.withLock {
            $0.stopped = true
            return ($0.listenFD, $0.acceptor, Array($0.connections.values))
        }
        guard fd >= 0 else { return }
        unlink(location.socketPath)
        acceptor?.stop()
        close(fd)
        for connection in open { connection.shutdownConnection() }
        state.withLock { ($0.listenFD, $0.acceptor) = (-1, nil) }
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

    private var isStopped: Bool { state.withLock { $0.stopped } }

    /// Takes one accepted client of this user (another user's is told no and closed); false once stopped.
    private func take(_ client: Int32) -> Bool {
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        guard UnixSocket.peerUID(client) == geteuid() else {
            _ = UnixSocket.writeAll(
                client,
                ControlReply.failure(
                    .null, error: "permission denied",
                    message: "this player belongs to another user"))
            close(client)
            return true
        }
        let connection = ControlConnection(fd: client, hub: hub, handler: handler) { [weak self] done in
            _ = self?.state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(done)) }
        }
        let accepted = state.withLock {
            guard !$0.stopped else { return false }
            $0.connections[ObjectIdentifier(connection)] = connection
            return true
        }
        guard accepted else {
            close(client)
            return false
        }
        connection.start()
        return true
    }
}
