import Foundation
import Synchronization

/// Reads a client's socket (non-blocking) whenever it is readable, on the control socket queue, and hands its lines
/// on; while `waitingLimit` pieces wait to be answered it reads no more, so a client that sends faster than it is
/// answered waits in its own socket's buffer instead of the player's memory.
package final class ConnectionReader: Sendable {
    /// How many pieces may wait to be answered before reading pauses; it goes on when half of them are.
    package static let waitingLimit = 64
    private let fd: Int32
    private let state: Mutex<State>

    /// The read source, the line being cut, where lines go, how many wait to be answered, whether the rest is being
    /// read regardless (the server stops), and whether reading has ended (the source then stays suspended until
    /// `close`) or is paused.
    private struct State {
        var source: any DispatchSourceRead
        var splitter = LineSplitter()
        var feed: PieceInbox
        var waiting = 0
        var draining = false
        var ended = false
        var suspended = false
    }

    /// Reads `fd` into `feed` once started; `ended` runs on the control socket queue once the read source is cancelled.
    package init(fd: Int32, feed: PieceInbox, ended: @escaping @Sendable () -> Void) {
        self.fd = fd
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: ControlSocketQueue.shared)
        state = Mutex(State(source: source, feed: feed))
        state.withLock {
            $0.source.setEventHandler { [weak self] in self?.readAvailable(rounds: 4) }
            $0.source.setCancelHandler(handler: ended)
        }
    }

    package func start() {
        state.withLock { $0.source.activate() }
    }

    /// Reads what the client has sent, `rounds` buffers at most (the source fires again while more is waiting, and
    /// other clients have their turn in between); at the end of the stream, or a failed read, reading ends. With
    /// `waitingLimit` pieces unanswered it pauses until `answered` resumes it.
    private func readAvailable(rounds: Int) {
        state.withLock { state in
            guard !state.ended else { return }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var round = 0
            while round < rounds {
                if state.waiting >= Self.waitingLimit && !state.draining {
                    if !state.suspended {
                        state.suspended = true
                        state.source.suspend()
                    }
                    return
                }
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    round += 1
                    let pieces = buffer.withUnsafeBytes { state.splitter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                    state.waiting += pieces.count
                    for piece in pieces { state.feed.yield(piece) }
                    continue
                }
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
                Self.end(&state)
                return
            }
        }
    }

    /// One piece handed on was answered (or dropped): reading that paused goes on once half of them are.
    package func answered() {
        ControlSocketQueue.shared.async { [self] in
            state.withLock { state in
                state.waiting -= 1
                guard state.suspended, !state.ended, state.waiting <= Self.waitingLimit / 2 else { return }
                state.suspended = false
                state.source.resume()
            }
        }
    }

    /// Stops reading: what the client sent before is still read and handed on, then the stream ends. Called on the
    /// control socket queue, so no read is under way, and none comes after it.
    package func stopReading() {
        shutdown(fd, Int32(SHUT_RD))
        // Shut down for reading, the socket yields what is queued and then its end, without waiting.
        state.withLock { $0.draining = true }
        readAvailable(rounds: .max)
    }

    /// Stops reading for good, once the connection is done.
    package func cancel() {
        ControlSocketQueue.shared.async { [self] in
            state.withLock { state in
                if !state.ended { Self.end(&state) }
                state.source.cancel()
                state.source.resume()
            }
        }
    }

    private static func end(_ state: inout State) {
        state.ended = true
        for piece in state.splitter.finish() { state.feed.yield(piece) }
        state.feed.finish()
        // A socket at its end stays readable: suspended, the source stops firing until it is cancelled.
        if !state.suspended {
            state.suspended = true
            state.source.suspend()
        }
    }
}
