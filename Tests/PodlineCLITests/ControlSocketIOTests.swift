import Foundation
import PodcastKit
import Synchronization
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The control server's socket I/O (many clients without a thread each, a slow client, stopping with clients
/// connected) and a client waiting for a player that is starting. (In the control socket suite: its servers hold this
/// process's player lock one at a time.)
extension ControlSocketTests {
    @Test("50 clients at once each get their replies in order, and the server adds no thread per client")
    func fiftyClients() async throws {
        try server.start()
        defer { server.stop() }
        let path = location.socketPath
        let (before, connected, replies, clients) = try await onOwnThread { () throws -> (Int, Int, [[Int]], [Int32]) in
            let before = ThreadCount.now()
            var clients: [Int32] = []
            for _ in 0..<50 { clients.append(try UnixSocket.connect(to: path, sendTimeout: 2).get()) }
            for fd in clients {
                UnixSocket.setReceiveTimeout(fd, seconds: 30)
                let requests = (1...3).map { #"{"command":["volume","\#(40 + $0)"],"request_id":\#($0)}"# }
                _ = UnixSocket.writeAll(fd, Array((requests.joined(separator: "\n") + "\n").utf8))
            }
            let replies = try clients.map { try ReplyReader.requestIDs(from: $0, count: 3) }
            return (before, ThreadCount.now(), replies, clients)
        }
        #expect(replies.count == 50)
        #expect(replies.allSatisfy { $0 == [1, 2, 3] })
        #expect(server.clientCount == 50)
        #expect(connected - before < 25, "\(before) threads before the clients, \(connected) with them")
        for fd in clients { close(fd) }
        #expect(await eventually { server.clientCount == 0 })
    }

    @Test("stopping with clients connected, one mid-request, returns at once and closes every connection")
    func stopWithClients() async throws {
        try server.start()
        defer { if server.isRunning { server.stop() } }
        let path = location.socketPath
        let clients = try await onOwnThread { () throws -> [Int32] in
            let clients = try (0..<10).map { _ in try UnixSocket.connect(to: path, sendTimeout: 2).get() }
            for fd in clients {
                UnixSocket.setReceiveTimeout(fd, seconds: 30)
                _ = UnixSocket.writeAll(fd, Array(#"{"command":["status"],"request_id":1}"#.utf8 + [0x0A]))
                _ = try ReplyReader.requestIDs(from: fd, count: 1)
            }
            _ = UnixSocket.writeAll(clients[0], Array(#"{"command":["vol"#.utf8))
            return clients
        }
        defer { for fd in clients { close(fd) } }
        #expect(server.clientCount == 10)
        let took = ContinuousClock().measure { server.stop() }
        #expect(took < .milliseconds(500))
        #expect(!FileManager.default.fileExists(atPath: location.socketPath))
        let ends = try await onOwnThread { clients.map { ReplyReader.readsToEnd($0) } }
        #expect(ends == Array(repeating: true, count: 10))
        #expect(await eventually { server.clientCount == 0 })
        #expect(throws: ControlError.noPlayer) { try ControlClient(location: location) }
    }

    @Test("a client that takes no replies is dropped after the send timeout, and the others are answered meanwhile")
    func slowClient() async throws {
        try server.start()
        defer { server.stop() }
        let path = location.socketPath
        let (slow, other, answered) = try await onOwnThread { () throws -> (Int32, Int32, [Int]) in
            let slow = try UnixSocket.connect(to: path, sendTimeout: 10).get()
            let request = #"{"command":["status"],"request_id":1}"# + "\n"
            _ = UnixSocket.writeAll(slow, Array(String(repeating: request, count: 4000).utf8))
            let other = try UnixSocket.connect(to: path, sendTimeout: 2).get()
            UnixSocket.setReceiveTimeout(other, seconds: 30)
            _ = UnixSocket.writeAll(other, Array(#"{"command":["status"],"request_id":7}"#.utf8 + [0x0A]))
            return (slow, other, try ReplyReader.requestIDs(from: other, count: 1))
        }
        defer {
            close(slow)
            close(other)
        }
        #expect(answered == [7])
        // The slow client's replies fill its socket; two seconds after it last took some, it is dropped.
        #expect(await eventually(seconds: 30) { server.clientCount == 1 })
        let (replies, ended) = try await onOwnThread { () -> (Int, Bool) in
            UnixSocket.setReceiveTimeout(slow, seconds: 30)
            var splitter = LineSplitter()
            var buffer = [UInt8](repeating: 0, count: 65536)
            var replies = 0
            while true {
                let read = buffer.withUnsafeMutableBytes { recv(slow, $0.baseAddress, $0.count, 0) }
                if read <= 0 { return (replies, read == 0) }
                replies += buffer.withUnsafeBytes { splitter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<read])) }.count
            }
        }
        #expect(ended)
        #expect(replies > 0 && replies < 4000, "\(replies) replies read")
    }

    @Test(
        "a client waiting for a starting player connects once its socket listens",
        arguments: [SocketArrival.bound, .renamed])
    func waitsForPlayer(arrival: SocketArrival) async throws {
        try SocketDirectory.prepare(location.directory)
        let lock = try HeldLock(in: location.directory)
        defer { lock.release() }
        let listening = LateListener()
        defer { listening.close() }
        let location = location
        // Counted from when the listener is scheduled, not from when the client's thread starts (later, on a busy machine).
        let scheduled = ContinuousClock.now
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { listening.listen(at: location.socketPath, arrival) }
        let (connected, waited) = try await onOwnThread { () -> (Bool, Duration) in
            let connected = ControlClient.waitingForPlayer(at: location, seconds: 5) != nil
            return (connected, ContinuousClock.now - scheduled)
        }
        #expect(connected)
        #expect(waited >= .milliseconds(290) && waited < .milliseconds(1500), "waited \(waited)")
    }

    @Test("a client waiting for a starting player gives up at the deadline when none comes")
    func givesUpAtDeadline() async throws {
        try SocketDirectory.prepare(location.directory)
        let lock = try HeldLock(in: location.directory)
        defer { lock.release() }
        let location = location
        let (connected, waited) = try await onOwnThread { () -> (Bool, Duration) in
            var connected = false
            let waited = ContinuousClock().measure { connected = ControlClient.waitingForPlayer(at: location, seconds: 1) != nil }
            return (connected, waited)
        }
        #expect(!connected)
        #expect(waited >= .milliseconds(990) && waited < .milliseconds(1600), "waited \(waited)")
    }

    @Test("a client waiting for a starting player gives up soon after the player's lock is let go")
    func givesUpWhenLockGoes() async throws {
        try SocketDirectory.prepare(location.directory)
        let lock = try HeldLock(in: location.directory)
        defer { lock.release() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { lock.release() }
        let location = location
        let (connected, waited) = try await onOwnThread { () -> (Bool, Duration) in
            var connected = false
            let waited = ContinuousClock().measure { connected = ControlClient.waitingForPlayer(at: location, seconds: 5) != nil }
            return (connected, waited)
        }
        #expect(!connected)
        #expect(waited >= .milliseconds(290) && waited < .seconds(1), "waited \(waited)")
    }

    @Test("20 clients reconnecting for 5 s, with replies larger than a socket takes at once: every request is answered, in order")
    func reconnectingClients() async throws {
        try server.start()
        defer { server.stop() }
        let location = location
        let path = location.socketPath
        let failures = try await onOwnThread { () throws -> [String] in
            // A long queue: each status reply is about 30 kB.
            let filler = try ControlClient(location: location)
            for _ in 0..<600 { _ = try filler.request(["queue", "add", "a.mp3"]) }
            let problems = Mutex<[String]>([])
            let deadline = Date().addingTimeInterval(5)
            let clients = DispatchGroup()
            for client in 0..<20 {
                clients.enter()
                Thread.detachNewThread {
                    defer { clients.leave() }
                    if let problem = Self.runClient(client, path: path, until: deadline) { problems.withLock { $0.append(problem) } }
                }
            }
            clients.wait()
            return problems.withLock { $0 }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(await eventually { server.clientCount == 0 })
    }

    /// One client: batches of six requests in one write, answered in order; a new connection every five batches.
    private nonisolated static func runClient(_ client: Int, path: String, until deadline: Date) -> String? {
        var batch = 0
        while Date() < deadline {
            guard let fd = try? UnixSocket.connect(to: path, sendTimeout: 2).get() else { return "client \(client) could not connect" }
            defer { close(fd) }
            UnixSocket.setReceiveTimeout(fd, seconds: 10)
            for _ in 0..<5 {
                batch += 1
                let ids = (1...6).map { batch * 10 + $0 }
                let lines = ids.map { #"{"command":["status","--json"],"request_id":\#($0)}"# + "\n" }
                _ = UnixSocket.writeAll(fd, Array(lines.joined().utf8))
                guard let replies = try? ReplyReader.requestIDs(from: fd, count: 6) else {
                    return "client \(client) batch \(batch): replies missing"
                }
                guard replies == ids else { return "client \(client) batch \(batch): replies out of order" }
            }
        }
        return nil
    }

    /// Whether `condition` holds within `seconds`.
    private func eventually(seconds: Int = 5, _ condition: () -> Bool) async -> Bool {
        for _ in 0..<(seconds * 100) {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}

/// The number of threads of this process.
private enum ThreadCount {
    static func now() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }
}

/// Reads a client socket's reply lines.
private enum ReplyReader {
    /// The request ids of the next `count` replies on `fd`.
    static func requestIDs(from fd: Int32, count: Int) throws -> [Int] {
        var splitter = LineSplitter()
        var lines: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while lines.count < count {
            let read = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard read > 0 else { throw ControlError.system("recv", errno) }
            for case .line(let line) in buffer.withUnsafeBytes({ splitter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<read])) }) {
                lines.append(line)
            }
        }
        return try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            return object?["request_id"] as? Int ?? -1
        }
    }

    /// Whether `fd` reaches its end (the server closed it) before its receive timeout.
    static func readsToEnd(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if read == 0 { return true }
            if read < 0 { return false }
        }
    }
}

/// How a player's socket appears at its path: bound there, or bound elsewhere and renamed into place.
enum SocketArrival: Sendable, CustomTestStringConvertible {
    case bound
    case renamed

    var testDescription: String { self == .bound ? "bound at its path" : "renamed into place" }
}

/// The player's lock, held by another open file, as a starting player holds it.
private final class HeldLock: Sendable {
    private let fd: Mutex<Int32>

    init(in directory: String) throws {
        let fd = open(directory + "/player.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else { throw ControlError.system("lock", errno) }
        self.fd = Mutex(fd)
    }

    func release() {
        fd.withLock {
            if $0 >= 0 { close($0) }
            $0 = -1
        }
    }
}

/// A listening socket made later, from another thread, as a starting player makes its own.
private final class LateListener: Sendable {
    private let fd = Mutex<Int32>(-1)

    func listen(at path: String, _ arrival: SocketArrival) {
        guard let socket = try? UnixSocket.make() else { return }
        let bindPath = arrival == .bound ? path : path + ".new"
        guard (try? UnixSocket.withAddress(bindPath, { bind(socket, $0, $1) })) == 0, Glibc.listen(socket, 8) == 0 else {
            Glibc.close(socket)
            return
        }
        if arrival == .renamed { rename(bindPath, path) }
        fd.withLock { $0 = socket }
    }

    func close() {
        fd.withLock {
            if $0 >= 0 { Glibc.close($0) }
            $0 = -1
        }
    }
}
