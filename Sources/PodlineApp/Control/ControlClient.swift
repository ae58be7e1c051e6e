import Foundation
import Logging
import PodcastKit

/// A connection to a running player's control socket. A player that does not answer (stopped with Ctrl-Z or SIGSTOP:
/// the kernel still queues connections for it) is given up on after `answerTime` seconds, with `.notAnswering`.
public final class ControlClient {
    /// How long a client waits to connect, and for the reply to a request.
    public static let answerTime = 2
    private let fd: Int32
    private let socketPath: String
    private var splitter = LineSplitter()
    private var ready: [[UInt8]] = []
    private var nextID = 0

    /// Connects to the player serving `location`; `.noPlayer` when none does (or it cannot be reached).
    public init(location: ControlLocation = .standard()) throws(ControlError) {
        let log = Logger(label: "podline.control")
        socketPath = location.socketPath
        switch UnixSocket.connect(to: location.socketPath, sendTimeout: Self.answerTime) {
        case .success(let fd):
            log.debug("connected to the player at \(location.socketPath)")
            self.fd = fd
        case .failure(.system(_, let code)) where code == EAGAIN:
            log.debug("the player at \(location.socketPath) takes no connection")
            throw .notAnswering(location.socketPath, pid: nil)
        case .failure(.system(_, let code)) where [ENOENT, ECONNREFUSED, ENOTDIR, EACCES, EPERM].contains(code):
            log.debug("no player at \(location.socketPath): \(String(cString: strerror(code)))")
            throw .noPlayer
        case .failure(let error):
            throw error
        }
    }

    /// How often a client waiting for a starting player looks again whether its lock is still held, in milliseconds.
    static let lockCheckInterval = 250

    /// Connects to the player serving `location`, waiting up to `seconds` for one that holds the player's lock but is
    /// still starting (its socket not bound yet); nil when no player comes.
    ///
    /// The wait blocks on an inotify watch of the socket's folder and tries to connect whenever an entry appears there.
    /// It also wakes every `lockCheckInterval` milliseconds, since two things send no event: a player that dies while
    /// starting (its lock just goes away), and a player that calls listen on a socket bound a moment before. Without a
    /// watch (the kernel allows no more), it waits out that interval instead.
    public static func waitingForPlayer(at location: ControlLocation = .standard(), seconds: Double = 5) -> ControlClient? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var watch: DirectoryWatch?
        while true {
            // Watching before trying: a socket bound between the try and the wait still wakes it.
            if watch == nil { watch = DirectoryWatch(location.directory) }
            if let client = try? ControlClient(location: location) { return client }
            let now = ContinuousClock.now
            guard now < deadline, PlayerLock.isHeldElsewhere(in: location.directory) else { return nil }
            let wake = min(deadline, now + .milliseconds(lockCheckInterval))
            if let watch {
                _ = watch.wait(until: wake)
            } else {
                _ = poll(nil, 0, DirectoryWatch.milliseconds(until: wake))
            }
        }
    }

    deinit {
        close(fd)
    }

    /// Ends the connection: a read waiting on another thread returns.
    public func shutdown() {
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Sends `words` in mpv's envelope and returns the reply with the same request id; `.notAnswering` when none comes
    /// within `answerTime` seconds. What is read after the reply (`events`) is waited for without limit.
    public func request(_ words: [String]) throws(ControlError) -> ControlAnswer {
        nextID += 1
        let id = nextID
        // A player that reads the request only after this client gave up (it was stopped) drops it unrun.
        let expires = Date().timeIntervalSince1970 + Double(Self.answerTime)
        let envelope = JSONValue.object([
            ("command", .array(words.map { .string($0) })), ("request_id", .int(id)), ("expires", .double(expires)),
        ])
        UnixSocket.setReceiveTimeout(fd, seconds: Self.answerTime)
        defer { UnixSocket.setReceiveTimeout(fd, seconds: 0) }
        do throws(ControlError) {
            do {
                try send(envelope.renderedBytes + [UInt8(ascii: "\n")])
            } catch {
                // A player that refuses the connection says why before closing it.
                if let line = try? readLine(), let answer = try? ControlAnswer(line: line), !answer.succeeded { return answer }
                throw error
            }
            while let line = try readLine() {
                let answer = try ControlAnswer(line: line)
                if answer.requestID == id { return answer }
                if answer.requestID == nil, answer.error != "success" { return answer }
            }
        } catch .system(_, let code) where code == EAGAIN {
            throw .notAnswering(socketPath, pid: UnixSocket.peerPID(fd))
        }
        throw .badReply("the player closed the connection")
    }

    /// Tells the player `notice` and waits until it has taken it in (at most `seconds`).
    public func tell(_ notice: ActivityNotice, seconds: Int = 2) throws(ControlError) {
        nextID += 1
        let id = nextID
        UnixSocket.setSendTimeout(fd, seconds: seconds)
        UnixSocket.setReceiveTimeout(fd, seconds: seconds)
        try send(notice.line(requestID: Int64(id)))
        while let reply = try readLine() {
            if try ControlAnswer(line: reply).requestID == id { return }
        }
    }

    /// Makes a send give up after `seconds` when the player stops reading.
    public func limitSendTime(seconds: Int) {
        UnixSocket.setSendTimeout(fd, seconds: seconds)
    }

    /// Writes raw bytes to the socket.
    public func send(_ bytes: [UInt8]) throws(ControlError) {
        guard UnixSocket.writeAll(fd, bytes) else { throw .system("send", errno) }
    }

    /// The next line from the player, without its newline; nil at the end of the stream.
    public func readLine() throws(ControlError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while ready.isEmpty {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw .system("read", errno) }
            if count == 0 {
                ready += splitter.finish().compactMap { if case .line(let bytes) = $0 { bytes } else { nil } }
                return ready.isEmpty ? nil : ready.removeFirst()
            }
            let pieces = buffer.withUnsafeBytes { splitter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            ready += pieces.compactMap { if case .line(let bytes) = $0 { bytes } else { nil } }
        }
        return ready.removeFirst()
    }
}
