import Foundation
import TestSupport
import Testing

/// The programs these tests need besides podline that are missing.
private let raceMissingTools = ["pulseaudio", "sox", "lame"].filter { CommandRunner.which($0) == nil }

/// One player per user, even when two `podline play` start at the same instant: one becomes the player, the other
/// hands its file over and exits, and the player answers the controls.
@Suite(
    "two plays started at once", .serialized,
    .enabled(if: raceMissingTools.isEmpty, "needs \(raceMissingTools.joined(separator: ", "))"))
struct PlayerRaceTests {

    @Test("20 rounds of two plays at once: one plays, the other hands over and exits 0; status says playing; stop ends the player")
    func twoAtOnce() throws {
        let root = try Fixtures.temporaryDirectory("pl-race")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        chmod(home.path, 0o700)
        let files = try ["first.mp3", "second.mp3"].enumerated().map { index, name in
            try Fixtures.toneMP3(
                in: root, name: name, seconds: 20, frequency: 440 + 110 * Double(index), rate: 22_050, channels: 1, bitrate: 32)
        }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let output = "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native"
        let environment: [String: String?] = [
            "PODLINE_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "NO_COLOR": "1",
        ]
        let gate = root.appendingPathComponent("gate")

        for round in 1...20 {
            // Both wait reading a FIFO and start podline (exec, same pid) the moment a line comes: one write starts both.
            unlink(gate.path)
            #expect(mkfifo(gate.path, 0o600) == 0)
            let writer = open(gate.path, O_RDWR)
            #expect(writer >= 0)
            defer { close(writer) }
            let plays = try files.enumerated().map { index, file in
                try GatedPlay(
                    gate: gate, arguments: ["play", file.path, "--output", output, "--quiet"], environment: environment,
                    logs: root.appendingPathComponent("round\(round)-\(index)"))
            }
            defer { for play in plays { play.killNow() } }
            _ = poll(timeout: 5, every: 0.001, { plays.allSatisfy(\.isWaitingAtGate) }, until: { $0 })
            #expect(write(writer, "\n\n", 2) == 2)

            // Exactly one exits at once, having handed its file over; the other stays, as the player.
            _ = poll(timeout: 10, every: 0.005, { plays.allSatisfy(\.isRunning) }, until: { !$0 })
            let handedOver = plays.filter { !$0.isRunning }
            let described = plays.map(\.description).joined(separator: "; ")
            try #require(handedOver.count == 1, "round \(round): \(handedOver.count) of 2 plays ended within 10 s: \(described)")
            let handing = handedOver[0]
            let player = try #require(plays.first { $0 !== handing })
            #expect(handing.exitStatus == 0, "round \(round): \(described)")
            #expect(
                handing.stdout.hasPrefix("playing ") && handing.stdout.hasSuffix(" in the running player\n")
                    || handing.stdout.hasPrefix("queued "),
                "round \(round): the play that lost did not say it handed over: \(described)")
            let handedFile = files[plays.firstIndex { $0 === handing } ?? 0].path

            // The player plays the handed-over file and answers the controls.
            let playing = try Self.waitForStatus(environment: environment, home: home) {
                $0["state"] as? String == "playing" && ($0["episode"] as? [String: Any])?["url"] as? String == handedFile
            }
            #expect(
                playing["state"] as? String == "playing" && (playing["episode"] as? [String: Any])?["url"] as? String == handedFile,
                "round \(round): status \(playing) (expected \(handedFile) playing); \(described)")
            let stop = try PodlineBinary.run(["stop"], home: home, environment: environment, timeout: 15)
            #expect(stop.status == 0, "round \(round): stop: \(stop.stderr)")
            let ended = player.wait(timeout: 10)
            #expect(
                ended == 0,
                "round \(round): after stop the player ended with \(String(describing: ended)) (nil: still running): \(described)")
            #expect(plays.allSatisfy { !$0.isRunning }, "round \(round): a process is left: \(described)")
        }
    }

    /// `podline status --json` every 50 ms until `condition` holds (or 10 s pass); the last answer.
    static func waitForStatus(
        environment: [String: String?], home: URL, until condition: ([String: Any]) -> Bool
    ) throws -> [String: Any] {
        func status() throws -> [String: Any] {
            let result = try PodlineBinary.run(["status", "--json"], home: home, environment: environment, timeout: 15)
            return ((try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any]) ?? ["stdout": result.stdout]
        }
        return try poll(timeout: 10, every: 0.05, status, until: condition)
    }
}

/// `podline ARGUMENTS` started behind a gate: a shell that blocks reading a line from the FIFO `gate`, then execs podline.
private final class GatedPlay: @unchecked Sendable, CustomStringConvertible {
    let process = Process()
    private let out: URL
    private let err: URL
    private let gate: String

    init(gate: URL, arguments: [String], environment: [String: String?], logs: URL) throws {
        out = logs.appendingPathExtension("stdout")
        err = logs.appendingPathExtension("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        self.gate = gate.path
        process.arguments = ["-c", #"read -r _ < "$0"; exec "$@" < /dev/null"#, gate.path, PodlineBinary.path] + arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
    }

    var isRunning: Bool { process.isRunning }

    /// True once the shell has the gate open, about to read it.
    var isWaitingAtGate: Bool {
        let folder = "/proc/\(process.processIdentifier)/fd"
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == gate }
    }
    var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }
    var stdout: String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: err, encoding: .utf8)) ?? "" }

    /// Waits for the exit; the status, or nil when it was still running after `timeout` (then it is killed).
    func wait(timeout: TimeInterval) -> Int32? { process.exitStatus(within: timeout) }

    func killNow() { process.killNow() }

    var description: String {
        "pid \(process.processIdentifier) \(isRunning ? "running" : "exited \(process.terminationStatus)"), "
            + "stdout \(stdout.debugDescription), stderr \(stderr.debugDescription)"
    }
}
