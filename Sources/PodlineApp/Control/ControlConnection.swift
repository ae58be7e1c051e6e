import Foundation
import PodcastKit
import Synchronization

/// One client of the control server: its lines are read when its socket is readable, answered in order on the
/// main actor, and its replies and events are written in order when it can take them, both on the
/// control socket queue, each on a descriptor of its own.
package final class ControlConnection: Sendable {
    /// How long a client may take nothing while replies or events wait for it before it is dropped.
    private static let sendTimeout = Duration.seconds(2)
    package let fd: Int32
    private let handler: @MainActor @Sendable (ControlRequest) async -> ControlResponse
    private let hub: EventHub
    private let reader: ConnectionReader
    private let writer: ConnectionWriter
    private let inbox = PieceInbox()
    /// False once a request ended the connection: what is read after it is dropped.
    @MainActor private var answering = true
    /// Whether the connection ended (nothing is queued after that), and its subscription to events.
    private let state = Mutex<(closed: Bool, subscription: Int?)>((false, nil))

    /// Serves `fd` (non-blocking) once started; `onClose` runs on the control socket queue after its descriptors are
    /// closed. Nil when no descriptor is left for the writer's.
    package init?(
        fd: Int32, hub: EventHub, handler: @escaping @MainActor @Sendable (ControlRequest) async -> ControlResponse,
        onClose: @escaping @Sendable () -> Void
    ) {
        guard let descriptor = SharedDescriptor(fd, closed: onClose) else { return nil }
        self.fd = fd
        self.hub = hub
        self.handler = handler
        reader = ConnectionReader(fd: descriptor.readFD, feed: inbox) { descriptor.sourceEnded(closing: descriptor.readFD) }
        writer = ConnectionWriter(fd: descriptor.writeFD, timeout: Self.sendTimeout) {
            descriptor.sourceEnded(closing: descriptor.writeFD)
        }
    }

    /// Starts reading and answering what is read.
    package func start() {
        inbox.start(answer: { [self] piece in await answer(piece) }, ended: { [self] in finish() })
        reader.start()
    }

    /// Ends reading and the connection once queued replies and events are written.
    package func shutdownConnection() {
        shutdown(fd, Int32(SHUT_RD))
    }

    /// Ends reading now (what was sent is still answered); on the control socket queue, when the server stops.
    package func stopReading() {
        reader.stopReading()
    }

    /// Queues `bytes` for the client, unless the connection has ended.
    package func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        state.withLock {
            guard !$0.closed else { return }
            writer.write(bytes)
        }
    }

    /// Answers a piece (they come in order); after a request that ends the connection the rest are read and dropped.
    /// The descriptor closes once reading has ended and the last reply is written.
    @MainActor private func answer(_ piece: LineSplitter.Piece) async {
        if answering, await !handle(piece) {
            answering = false
            shutdownConnection()
        }
        reader.answered()
    }

    /// Answers one piece; false when the connection should end. A line too long or not text ends it: such a client
    /// is sending something other than commands, and is answered once, not once a line.
    @MainActor private func handle(_ piece: LineSplitter.Piece) async -> Bool {
        switch piece {
        case .tooLong:
            send(ControlReply.failure(.null, error: "line too long", message: "lines are limited to 1 MB; closing the connection"))
            return false
        case .line(let bytes):
            switch ControlRequest.parse(bytes) {
            case nil:
                break
            case .failure(let problem)? where problem.error == ControlRequest.notText:
                send(ControlReply.failure(problem.requestID, error: problem.error, message: problem.message + "; closing the connection"))
                return false
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

    /// Ends the connection: the descriptor closes once the replies and events queued before are written (the main
    /// actor never waits for a slow client).
    private func finish() {
        let token = state.withLock {
            $0.closed = true
            writer.finish()
            return $0.subscription
        }
        if let token { hub.unsubscribe(token) }
        reader.cancel()
    }
}

/// What a request produced: the reply line, and whether the client now follows events or should be closed.
package struct ControlResponse: Sendable {
    package var bytes: [UInt8]
    package var subscribe = false
    package var close = false
}
