import Foundation
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The built binary: one-shot commands against a running player, and without one.
@Suite("one-shot commands and the control socket, end to end", .serialized)
struct ControlEndToEndTests {
    @Test("without a player: status --json prints stopped and exits 0; player commands exit 4; bad arguments 64")
    func noPlayer() throws {
        let folder = try Fixtures.temporaryDirectory("pl-e2e")
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": folder.path]
        let status = try PodlineBinary.run(["status", "--json"], home: folder, environment: environment)
        #expect(status.status == 0)
        #expect(status.stdout == "{\"state\":\"stopped\"}\n")
        for command in [
            ["pause"], ["resume"], ["toggle"], ["stop"], ["next"], ["seek", "-30"], ["volume", "+5"],
            ["speed", "1.5"], ["sleep", "end"], ["skip"], ["back"], ["events"],
        ] {
            let result = try PodlineBinary.run(command, home: folder, environment: environment)
            #expect(result.status == 4, "\(command)")
            #expect(result.stderrLines == ["podline: no running player (start one with 'podline play' or 'podline')"], "\(command)")
        }
        // With no player, queue is the library's queue: empty where there is no library, and none is made.
        let queue = try PodlineBinary.run(["queue"], home: folder, environment: environment)
        #expect(queue.status == 0 && queue.stdout.isEmpty && queue.stderr.isEmpty, "\(queue.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("library.sqlite").path))
        for command in [["seek", "later"], ["volume", "500"], ["speed", "9"], ["sleep", "never"], ["queue", "shuffle"]] {
            let result = try PodlineBinary.run(command, home: folder, environment: environment)
            #expect(result.status == 64, "\(command)")
            #expect(result.stderrLines.count == 1, "\(command)")
        }
    }

    @Test("one-shot commands drive a running player; status --json feeds jq")
    func drivesPlayer() throws {
        let folder = try Fixtures.temporaryDirectory("pl-e2e")
        _ = try PlayerProcess.episode(named: "a.mp3", in: folder)
        let player = try PlayerProcess(runtime: folder, home: folder)
        let environment = player.clientEnvironment
        player.send("play \(folder.appendingPathComponent("a.mp3").path)")
        func statusText() throws -> String { try PodlineBinary.run(["status"], home: folder, environment: environment).stdout }
        _ = try poll(timeout: 15, every: 0.05, statusText) { $0.hasPrefix("playing") }
        for command in [["pause"], ["volume", "-25"], ["speed", "1.25"], ["seek", "-10"], ["sleep", "end"]] {
            let result = try PodlineBinary.run(command, home: folder, environment: environment)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let bad = try PodlineBinary.run(["next"], home: folder, environment: environment)
        #expect(bad.status == 1)
        #expect(bad.stderrLines == ["podline: next: the queue is empty"])
        let status = try PodlineBinary.run(["status", "--json"], home: folder, environment: environment)
        let jq = try CommandRunner.run(
            try #require(CommandRunner.which("jq")),
            ["-r", "[.state, .episode.title, .volume, .speed, .sleep] | @tsv"],
            stdin: Data(status.stdout.utf8))
        #expect(jq.status == 0)
        #expect(jq.stdout == "paused\ta.mp3\t75\t1.25\tend\n")
        let text = try PodlineBinary.run(["status"], home: folder, environment: environment)
        #expect(text.stdout.hasPrefix("paused: a.mp3\n"))
        let finished = player.finish()
        #expect(finished.status == 0, "\(finished.stderr)")
    }

    @Test("a stopped player (SIGSTOP): status and pause give up after 2 s with one line and exit 69; the pause is not run later")
    func stoppedPlayer() throws {
        let folder = try Fixtures.temporaryDirectory("pl-e2e")
        _ = try PlayerProcess.episode(named: "a.mp3", in: folder)
        let player = try PlayerProcess(runtime: folder, home: folder)
        let environment = player.clientEnvironment
        player.send("play \(folder.appendingPathComponent("a.mp3").path)")
        func statusText() throws -> String { try PodlineBinary.run(["status"], home: folder, environment: environment).stdout }
        #expect(try poll(timeout: 15, every: 0.05, statusText) { $0.hasPrefix("playing") }.hasPrefix("playing"))

        let pid = player.process.processIdentifier
        kill(pid, SIGSTOP)
        for command in [["status", "--json"], ["pause"]] {
            let asked = Date()
            let result = try PodlineBinary.run(command, home: folder, environment: environment, timeout: 20)
            let waited = Date().timeIntervalSince(asked)
            #expect(result.status == 69, "\(command): \(result.stderr)")
            #expect(waited < 3, "\(command) waited \(waited) s")
            #expect(result.stdout.isEmpty, "\(command)")
            #expect(result.stderrLines.count == 1, "\(command): \(result.stderr)")
            #expect(
                result.stderrLines.first?.hasPrefix(
                    "podline: the player at \(folder.path)/podline/control.sock (pid \(pid)) does not answer")
                    == true, "\(command): \(result.stderr)")
        }
        kill(pid, SIGCONT)
        // The pause its client gave up on (and said failed) is dropped unrun.
        #expect(try statusText().hasPrefix("playing"))
        usleep(500_000)
        #expect(try statusText().hasPrefix("playing"))
        player.send("quit")
        let finished = player.finish()
        #expect(finished.status == 0, "\(finished.stderr)")
    }

    @Test("20 clients for 10 seconds: no error and no lost command")
    func concurrentClients() throws {
        let folder = try Fixtures.temporaryDirectory("pl-e2e")
        _ = try PlayerProcess.episode(named: "a.mp3", in: folder)
        let player = try PlayerProcess(runtime: folder, home: folder)
        let location = ControlLocation(directory: folder.path + "/podline")
        let sent = Tally()
        let deadline = Date().addingTimeInterval(10)
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            do {
                let client = try ControlClient(location: location)
                while Date() < deadline {
                    let answer = try client.request(["queue", "add", folder.appendingPathComponent("a.mp3").path])
                    if answer.succeeded { sent.succeeded() } else { sent.failed() }
                    if try !client.request(["volume", index % 2 == 0 ? "+1" : "-1"]).succeeded { sent.failed() }
                }
            } catch {
                sent.failed()
            }
        }
        #expect(sent.failures == 0)
        #expect(sent.successes > 20)
        let status = try PodlineBinary.run(["status", "--json"], home: folder, environment: player.clientEnvironment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect((object["queue"] as? [Any])?.count == sent.successes)
        _ = player.finish()
    }

    @Test("a client of another user is refused, and the player keeps serving its own user")
    func otherUser() throws {
        let folder = try Fixtures.temporaryDirectory("pl-e2e")
        let player = try PlayerProcess(runtime: folder, home: folder)
        // Open the folder and socket to everyone, so that only the peer check stands in the way.
        chmod(folder.path, 0o755)
        chmod(folder.path + "/podline", 0o755)
        chmod(folder.path + "/podline/control.sock", 0o666)
        let setpriv = try #require(CommandRunner.which("setpriv"))
        let refused = try CommandRunner.run(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", PodlineBinary.path, "volume", "10"],
            environment: ["XDG_RUNTIME_DIR": folder.path, "HOME": "/tmp", "PODLINE_HOME": "/tmp"])
        #expect(refused.status == 1)
        #expect(refused.stderrLines == ["podline: this player belongs to another user"])
        let status = try PodlineBinary.run(["status", "--json"], home: folder, environment: player.clientEnvironment)
        #expect(status.stdout.contains(#""volume":100"#))
        _ = player.finish()
    }

    @Test("a socket left by a killed player is replaced by the next one")
    func staleSocket() throws {
        let folder = try Fixtures.temporaryDirectory("pl-e2e")
        let first = try PlayerProcess(runtime: folder, home: folder)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: folder.path + "/podline/control.sock"))
        let stale = try PodlineBinary.run(["status", "--json"], home: folder, environment: first.clientEnvironment)
        #expect(stale.stdout == "{\"state\":\"stopped\"}\n")
        let second = try PlayerProcess(runtime: folder, home: folder)
        let volume = try PodlineBinary.run(["volume", "33"], home: folder, environment: second.clientEnvironment)
        #expect(volume.status == 0, "\(volume.stderr)")
        _ = second.finish()
    }
}

/// Successes and failures counted across threads.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var good = 0
    private var bad = 0

    func succeeded() { lock.withLock { good += 1 } }
    func failed() { lock.withLock { bad += 1 } }
    var successes: Int { lock.withLock { good } }
    var failures: Int { lock.withLock { bad } }
}
