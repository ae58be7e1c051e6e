import Foundation
import PodcastKit
import Synchronization

/// One client of the control server: reads its lines on a thread of its own, answers them in order in a main-actor
/// task of its own, and writes replies and events in order.
package final class ControlConnection: Sendable {
    package let fd: Int32
    private let handler: @MainActor @Sendable (ControlRequest) async -> ControlResponse
    private let hub: EventHub
    private let writer: DispatchQueue
    /// Whether the connection ended, and its subscription to events.
    private let state = Mutex<(closed: Bool, subscription: Int?)>((false, nil))
    private let onClose: @Sendable (ControlConnection) -> Void

    package init(
        fd: Int32, hub: EventHub, handler: @escaping @MainActor @Sendable (ControlRequest) async -> ControlResponse,
        onClose: @escaping @Sendable (ControlConnection) -> Void
    ) {
        self.fd = fd
        self.hub = hub
        self.handler = handler
        self.onClose = onClose
        writer = DispatchQueue(label: "podline.control.client.\(fd)")
        UnixSocket.setSendTimeout(fd, seconds: 2)
    }

    /// Starts the reading thread and the task that answers what it reads.
    package func start() {
        let (pieces, feed) = AsyncStream.makeStream(of: LineSplitter.Piece.self)
        Thread.detachNewThread { [self] in read(into: feed) }
        Task { @MainActor [self] in await answer(pieces) }
    }

    /// Wakes the reader and ends the connection once queued replies and events are written.
    package func shutdownConnection() {
        shutdown(fd, Int32(SHUT_RD))
    }

    /// Ends the connection at once, dropping what is queued (the client is gone or too slow).
    private func abort() {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Queues `bytes` for the client.
    package func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        writer.async { [self] in
            guard !isClosed else { return }
            if !UnixSocket.writeAll(fd, bytes) { abort() }
        }
    }

    private var isClosed: Bool { state.withLock { $0.closed } }

    /// Reads lines until the client closes (or the connection is shut down) and hands them on.
    private func read(into feed: AsyncStream<LineSplitter.Piece>.Continuation) {
        var splitter = LineSplitter()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            let pieces = buffer.withUnsafeBytes { splitter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            for piece in pieces { feed.yield(piece) }
        }
        for piece in splitter.finish() { feed.yield(piece) }
        feed.finish()
    }

    /// Answers the pieces in order; after a request that ends the connection the rest are read and dropped. The
    /// descriptor closes once the reading thread is done with it.
    @MainActor private func answer(_ pieces: AsyncStream<LineSplitter.Piece>) async {
        var open = true
        for await piece in pieces where open {
            if await !handle(piece) {
                open = false
                shutdownConnection()
            }
        }
        finish()
    }

    /// Answers one piece; false when the connection should end.
    @MainActor private func handle(_ piece: LineSplitter.Piece) async -> Bool {
        switch piece {
        case .tooLong:
            send(ControlReply.failure(.null, error: "line too long", message: "lines are limited to 1 MB"))
        case .line(let bytes):
            switch ControlRequest.parse(bytes) {
            case nil:
                break
            case .failure(let problem)?:
                send(ControlReply.failure(problem.requestID, error: problem.error, message: problem.message))
            case .success(let request)? where request.expired:
                send(
                    ControlReply.failure(
                        request.requestID, error: "unreachable", message: "the request was read after its client stopped waiting: not run"))
            case .success(let request)?:
                let response = await handler(request)
                if response.subscribe { subscribe() }
                send(response.bytes)
                if response.close { return false }
            }
        }
        return true
    }

    private func subscribe() {
        state.withLock {
            guard $0.subscription == nil else { return }
            $0.subscription = hub.subscribe { [weak self] line in self?.send(line) }
        }
    }

    /// Ends the connection: the descriptor closes after the write under way, on the writing queue (the main actor
    /// never waits for a slow client).
    private func finish() {
        let token = state.withLock {
            $0.closed = true
            return $0.subscription
        }
        if let token { hub.unsubscribe(token) }
        writer.async { [self] in
            close(fd)
            onClose(self)
        }
    }
}

/// What a request produced: the reply line, and whether the client now follows events or should be closed.
package struct ControlResponse: Sendable {
    package var bytes: [UInt8]
    package var subscribe = false
    package var close = false
}
