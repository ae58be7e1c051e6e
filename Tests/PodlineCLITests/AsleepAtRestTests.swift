import Foundation
import TestSupport
import Testing

/// A player at rest (the full-screen view open and idle, an episode paused in it or in `podline play`) wakes no thread
/// of its own, of libpulse's or of libdispatch's: each thread's context switches, read from /proc, stay as they were for
/// 10 s. Both play a library episode into a private PulseAudio and are asked their status over the socket first.
@Suite(
    "a player at rest wakes no thread", .serialized, .enabled(if: CommandRunner.which("tmux") != nil, "needs tmux"),
    .disabled(
        if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
        "under ThreadSanitizer the binary's own sanitizer thread wakes ten times a second"))
struct AsleepAtRestTests {
    @Test("the view open and idle, then an episode paused in it: no thread wakes in 10 s, and space plays on")
    func viewIdleAndPaused() throws {
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let folder = try FullScreenTests.library(sound: sound)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try FullScreenTests.start(folder)
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("■ Nothing playing") && FullScreenTests.lines($0).first?.contains("┌ New (40) ") == true }
        let pid = try #require(FullScreenTests.process(running: FullScreenTests.viewCommand(folder)))
        Thread.sleep(forTimeInterval: 1)
        let idle = Self.wakeUps(of: pid, over: 10)
        #expect(idle.isEmpty, "open and idle, threads woke: \(idle)")

        tmux.send(["l", "j"])
        try FullScreenTests.waitForHighlight(tmux, "Plain talk 39 über")
        tmux.send(["Enter"])
        _ = try FullScreenTests.waitForStatus(folder) {
            FullScreenTests.state($0) == "playing" && FullScreenTests.ref($0) == "mixed-tongues/39"
        }
        tmux.send(["Space"])
        _ = try FullScreenTests.waitForStatus(folder) { FullScreenTests.state($0) == "paused" }
        // The pause's fade and what was queued are heard out before the stream is corked.
        Thread.sleep(forTimeInterval: 3)
        let paused = Self.wakeUps(of: pid, over: 10)
        #expect(paused.isEmpty, "paused, threads woke: \(paused)")

        tmux.send(["Space"])
        let resumed = try FullScreenTests.waitForStatus(folder) { FullScreenTests.state($0) == "playing" }
        #expect(FullScreenTests.state(resumed) == "playing", "\(resumed)")
    }

    @Test("`podline play SHOW/N` paused with `podline pause`: no thread wakes in 10 s, and `podline resume` plays on")
    func shellPlayerPaused() throws {
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let folder = try FullScreenTests.library(sound: sound)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = FullScreenTests.environment(folder).mapValues { Optional($0) }
        let player = Process()
        player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        player.arguments = ["play", "mixed-tongues/39", "--quiet"]
        player.environment = ProcessInfo.processInfo.environment.merging(FullScreenTests.environment(folder)) { $1 }
        try player.run()
        defer {
            if player.isRunning { player.terminate() }
            player.waitUntilExit()
        }
        _ = try FullScreenTests.waitForStatus(folder) { FullScreenTests.state($0) == "playing" }
        let pause = try PodlineBinary.run(["pause"], home: folder, environment: environment)
        #expect(pause.status == 0, "\(pause.stderr)")
        _ = try FullScreenTests.waitForStatus(folder) { FullScreenTests.state($0) == "paused" }
        Thread.sleep(forTimeInterval: 3)
        let paused = Self.wakeUps(of: player.processIdentifier, over: 10)
        #expect(paused.isEmpty, "paused, threads woke: \(paused)")

        let resume = try PodlineBinary.run(["resume"], home: folder, environment: environment)
        #expect(resume.status == 0, "\(resume.stderr)")
        let resumed = try FullScreenTests.waitForStatus(folder) { FullScreenTests.state($0) == "playing" }
        #expect(FullScreenTests.state(resumed) == "playing", "\(resumed)")
        _ = try PodlineBinary.run(["stop"], home: folder, environment: environment)
    }

    /// The threads of process `pid` that were switched to over `seconds` (or started then), as "name ×count".
    static func wakeUps(of pid: pid_t, over seconds: Double) -> [String] {
        let before = threadSwitches(pid)
        Thread.sleep(forTimeInterval: seconds)
        return threadSwitches(pid).compactMap { id, thread in
            let count = thread.switches - (before[id]?.switches ?? 0)
            return count > 0 ? "\(thread.name) ×\(count)" : nil
        }.sorted()
    }

    /// Each thread of process `pid` by its id: its name and its context switches, voluntary and not.
    static func threadSwitches(_ pid: pid_t) -> [Int: (name: String, switches: Int)] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var threads: [Int: (name: String, switches: Int)] = [:]
        for task in tasks {
            guard let id = Int(task), let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            else { continue }
            var name = task
            var switches = 0
            for line in status.split(separator: "\n") {
                let fields = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard fields.count == 2 else { continue }
                if fields[0] == "Name" { name = fields[1] }
                if fields[0].hasSuffix("ctxt_switches") { switches += Int(fields[1]) ?? 0 }
            }
            threads[id] = (name, switches)
        }
        return threads
    }
}
