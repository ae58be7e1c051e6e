import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The control server on a real Unix socket, serving a bare `Player` through the real dispatcher.
@MainActor
@Suite("control socket", .serialized)
struct ControlSocketTests {
    let folder: URL
    let location: ControlLocation
    let player = Player()
    let server: ControlServer

    init() throws {
        folder = try Fixtures.temporaryDirectory("pl-sock")
        location = ControlLocation(directory: folder.path + "/podline")
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("a.mp3").path, contents: Data([0]))
        let dispatcher = CommandDispatcher(
            player: player,
            resolver: PlayableResolver(
                paths: LibraryPaths(home: folder.path),
                directory: folder.path))
        server = ControlServer(player: player, dispatcher: dispatcher, location: location)
    }

    /// Sends raw `lines` on one connection and returns the reply lines, parsed.
    private func exchange(_ payloads: [[UInt8]], replies: Int) async throws -> [[String: Any]] {
        let location = location
        let lines = try await onOwnThread { () throws -> [[UInt8]] in
            let client = try ControlClient(location: location)
            for payload in payloads { try client.send(payload) }
            var lines: [[UInt8]] = []
            while lines.count < replies, let line = try client.readLine() { lines.append(line) }
            return lines
        }
        return try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]) }
    }

    private func line(_ text: String) -> [UInt8] { Array((text + "\n").utf8) }

    @Test("the folder is 0700, the socket 0600, and stop removes the socket")
    func permissions() throws {
        try server.start()
        let folderMode = try FileManager.default.attributesOfItem(atPath: location.directory)[.posixPermissions] as? Int
        let socketMode = try FileManager.default.attributesOfItem(atPath: location.socketPath)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(socketMode == 0o600)
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: location.socketPath))
    }

    @Test("a loose existing folder is tightened to 0700")
    func tightensFolder() throws {
        try FileManager.default.createDirectory(
            atPath: location.directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try server.start()
        defer { server.stop() }
        #expect(try FileManager.default.attributesOfItem(atPath: location.directory)[.posixPermissions] as? Int == 0o700)
    }

    @Test("envelope requests get replies with their request_id and change the model")
    func envelope() async throws {
        try server.start()
        defer { server.stop() }
        let replies = try await exchange(
            [
                line(#"{"command":["play","a.mp3"],"request_id":1}"#),
                line(#"{"command":["pause"],"request_id":"two"}"#),
                line(#"{"command":["volume",55],"request_id":3}"#),
                line(#"{"command":"status","request_id":4}"#),
            ], replies: 4)
        #expect(replies.map { $0["error"] as? String } == ["success", "success", "success", "success"])
        #expect(replies[0]["request_id"] as? Int == 1)
        #expect(replies[1]["request_id"] as? String == "two")
        #expect(replies[2]["data"] as? Int == 55)
        #expect((replies[3]["data"] as? [String: Any])?["state"] as? String == "paused")
        #expect(player.state == .paused && player.volume == 55)
    }

    @Test("plain command lines work too")
    func plainLines() async throws {
        try server.start()
        defer { server.stop() }
        let replies = try await exchange([line("play a.mp3"), line("seek +30"), line("status")], replies: 3)
        #expect(replies.allSatisfy { $0["error"] as? String == "success" })
        #expect(player.seekRequest?.seconds == 30)
    }

    @Test("bad lines get error replies and the connection's next request still works")
    func badInput() async throws {
        try server.start()
        defer { server.stop() }
        let replies = try await exchange(
            [
                line("{not json"),
                line(#"{"command":["frobnicate"],"request_id":9}"#),
                line(#"{"command":["volume","900"],"request_id":10}"#),
                line(#"{"command":[],"request_id":11}"#),
                line(#"{"command":[{"x":1}],"request_id":12}"#),
                line("pause"),
                line("repl"),
                line(#"{"command":["volume","20"],"request_id":13}"#),
            ], replies: 8)
        #expect(
            replies.map { $0["error"] as? String } == [
                "invalid json", "unknown command", "invalid parameter", "invalid parameter", "invalid parameter",
                "error running command", "unavailable", "success",
            ])
        #expect(replies[1]["request_id"] as? Int == 9)
        #expect(replies.dropLast().allSatisfy { ($0["message"] as? String)?.isEmpty == false })
        #expect(player.volume == 20)
    }

    @Test("a line that is not text, or longer than 1 MB, is answered once and ends its connection; the next client is served")
    func garbageEndsConnection() async throws {
        try server.start()
        defer { server.stop() }
        var huge = Array(repeating: UInt8(ascii: "a"), count: (1 << 20) + 10)
        huge.append(UInt8(ascii: "\n"))
        for (payload, error) in [([0x70, 0x61, 0xFF, 0xFE, 0x0A, 0x70, 0x61, 0x0A], "invalid utf-8"), (huge, "line too long")] {
            // Two replies asked for; the connection ends after the first.
            let replies = try await exchange([payload], replies: 2)
            #expect(replies.map { $0["error"] as? String } == [error])
            #expect((replies.first?["message"] as? String)?.hasSuffix("closing the connection") == true)
        }
        let next = try await exchange([line(#"{"command":["volume","30"],"request_id":1}"#)], replies: 1)
        #expect(next.first?["error"] as? String == "success")
        #expect(player.volume == 30)
    }

    @Test("a stale socket left by a dead player is replaced")
    func staleSocket() throws {
        try SocketDirectory.prepare(location.directory)
        let fd = try UnixSocket.make()
        #expect(try UnixSocket.withAddress(location.socketPath) { bind(fd, $0, $1) } == 0)
        close(fd)  // bound, never listening: what a crashed player leaves behind
        #expect(FileManager.default.fileExists(atPath: location.socketPath))
        try server.start()
        defer { server.stop() }
        #expect(server.isRunning)
    }

    @Test("a second server on the same socket is refused while the first runs")
    func secondServer() throws {
        try server.start()
        defer { server.stop() }
        let other = ControlServer(player: Player(), dispatcher: CommandDispatcher(player: Player()), location: location)
        #expect(throws: ControlError.alreadyServed(location.socketPath)) { try other.start() }
    }

    @Test("a client with no server gets noPlayer")
    func noServer() {
        #expect(throws: ControlError.noPlayer) { try ControlClient(location: location) }
    }

    @Test("many clients at once: every command arrives and is answered")
    func manyClients() async throws {
        try server.start()
        defer { server.stop() }
        let location = location
        let perClient = 20
        let successes = try await onOwnThread { () -> Int in
            let counter = Counter()
            DispatchQueue.concurrentPerform(iterations: 20) { _ in
                guard let client = try? ControlClient(location: location) else { return }
                for _ in 0..<perClient where (try? client.request(["queue", "add", "a.mp3"]))?.succeeded == true {
                    counter.add()
                }
            }
            return counter.value
        }
        #expect(successes == 20 * perClient)
        #expect(player.queue.count == 20 * perClient)
    }

    @Test("events: a subscribed client receives property changes made by other clients")
    func events() async throws {
        try server.start()
        defer { server.stop() }
        let location = location
        let watcher = Task {
            try await onOwnThread { () throws -> [String] in
                let client = try ControlClient(location: location)
                #expect(try client.request(["events"]).succeeded)
                var names: [String] = []
                while names.count < 5, let line = try client.readLine() {
                    let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
                    names.append([object?["event"] as? String, object?["name"] as? String].compactMap { $0 }.joined(separator: ":"))
                }
                return names
            }
        }
        while server.hub.count == 0 { try await Task.sleep(for: .milliseconds(10)) }
        _ = try await exchange([line("volume 30")], replies: 1)
        _ = try await exchange([line("speed 2")], replies: 1)
        _ = try await exchange([line("play a.mp3")], replies: 1)
        let names = try await watcher.value
        #expect(Array(names.prefix(2)) == ["property-change:volume", "property-change:speed"])
        #expect(Set(names.dropFirst(2)) == ["property-change:state", "property-change:episode", "episode-started"])
    }
}

/// A count several threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
