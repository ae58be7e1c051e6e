import Foundation

/// A TCP server on 127.0.0.1 that accepts every connection and never reads from it nor answers: a host that hangs.
public final class SilentServer: @unchecked Sendable {
    /// Its TCP port.
    public let port: Int
    private let fd: Int32
    private let lock = NSLock()
    private var accepted: [Int32] = []
    private var stopped = false

    /// Listens on a free port and accepts in a thread of its own.
    public init() throws {
        let (fd, port) = try LoopbackSocket.bound()
        guard listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw TestSupportError("listen: \(reason)")
        }
        self.fd = fd
        self.port = port
        Thread.detachNewThread { [self] in acceptAll() }
    }

    /// Its address as an http URL.
    public var url: String { "http://127.0.0.1:\(port)/" }

    /// How many connections it has accepted.
    public var connections: Int { lock.withLock { accepted.count } }

    /// How many of them the client has closed.
    public var closedByClient: Int {
        lock.withLock {
            accepted.filter { client in
                var probe = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                var byte: UInt8 = 0
                // The client sent its request and closed: after the request's bytes, the end of the stream.
                guard poll(&probe, 1, 0) == 1 else { return false }
                while recv(client, &byte, 1, Int32(MSG_DONTWAIT)) > 0 {}
                return recv(client, &byte, 1, Int32(MSG_DONTWAIT)) == 0
            }.count
        }
    }

    /// Stops listening and closes every connection.
    public func stop() {
        let open = lock.withLock { () -> [Int32] in
            guard !stopped else { return [] }
            stopped = true
            return accepted
        }
        shutdown(fd, Int32(SHUT_RDWR))
        for client in open { close(client) }
    }

    private func acceptAll() {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                break
            }
            let keep = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                accepted.append(client)
                return true
            }
            if !keep { close(client) }
        }
        close(fd)
    }

    deinit { stop() }
}
