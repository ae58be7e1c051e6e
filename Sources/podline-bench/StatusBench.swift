import Foundation

/// Start-up and the `status --json` round trip, each a fresh podline process: `--version` and `status
/// --json` with no player start like a small C tool (the goal: at most 4 ms), and with a player serving
/// the control socket the round trip stays within 10 ms.
enum StatusBench {
    static func run(_ workspace: Workspace, _ report: Report) throws {
        let mpg123 = try workspace.tool("mpg123", install: "apt-get install mpg123")
        let mp3 = try workspace.mp3(.tenMinuteTone)
        let pulse = try workspace.soundServer()
        let serving = pulse.environment
        let alone = workspace.environment(runtime: try workspace.freshFolder("runtime-no-player"))
        let player = try PlayerProcess(podline: workspace.podline, file: mp3, environment: serving, log: workspace.path("player.log"))
        defer { player.stop() }
        let medians = try Alternation.measure(
            "status", runs: workspace.options.runs,
            [
                Contender(name: "version") { try Subprocess.run(workspace.podline, ["--version"], environment: alone) },
                Contender(name: "mpg123") { try Subprocess.run(mpg123, ["--version"], environment: alone) },
                Contender(name: "alone") { try Subprocess.run(workspace.podline, ["status", "--json"], environment: alone) },
                Contender(name: "serving") { try Subprocess.run(workspace.podline, ["status", "--json"], environment: serving) },
            ])
        guard player.isPlaying() else { throw BenchError("the player stopped playing while status was measured") }
        // The measured copy is stripped, as Resources/install.sh installs it.
        let size = (try FileManager.default.attributesOfItem(atPath: workspace.podline)[.size] as? Int) ?? 0
        report.add(
            BenchRow(
                group: "status", what: "the installed binary (release, static Swift runtime, stripped)",
                podline: .kilobytes(Double(size) / 1024), goal: .report, runs: 1))
        guard let version = medians["version"], let anchor = medians["mpg123"],
            let noPlayer = medians["alone"], let served = medians["serving"]
        else { return }
        report.add(
            BenchRow(
                group: "status", what: "start-up: `podline --version` (static release binary)", podline: .seconds(version.wall),
                cpu: .seconds(version.cpu),
                anchorName: "`mpg123 --version`", anchor: .seconds(anchor.wall), goal: .atMost(.seconds(0.004)), runs: version.runs))
        report.add(
            BenchRow(
                group: "status", what: "`status --json` with no player", podline: .seconds(noPlayer.wall), cpu: .seconds(noPlayer.cpu),
                anchorName: "`podline --version`", anchor: .seconds(version.wall),
                goal: .atMost(.seconds(0.004)), runs: noPlayer.runs))
        report.add(
            BenchRow(
                group: "status", what: "`status --json` to a player serving the socket (playing)", podline: .seconds(served.wall),
                cpu: .seconds(served.cpu),
                anchorName: "`podline --version`", anchor: .seconds(version.wall),
                goal: .atMost(.seconds(0.01)), runs: served.runs))
    }
}

/// A `podline play` running in the background into the private sound server, serving the control socket.
final class PlayerProcess {
    private let podline: String
    private let environment: [String: String]
    private(set) var pid: pid_t = 0

    /// Starts the player and waits until `status --json` says it is playing.
    init(podline: String, file: String, environment: [String: String], log: String) throws {
        self.podline = podline
        self.environment = environment
        pid = try Subprocess.spawn(
            podline, ["play", file, "--output", "pulse", "--no-resume"], environment: environment,
            output: log, errors: log + ".err")
        Interruption.shared.track(pid)
        for _ in 0..<100 {
            if isPlaying() { return }
            usleep(100_000)
        }
        stop()
        throw BenchError("podline play did not start playing within 10 s (see \(log).err)")
    }

    /// Whether the player answers `status --json` with the playing state.
    func isPlaying() -> Bool {
        let said = (try? Subprocess.capture(podline, ["status", "--json"], environment: environment)) ?? ""
        return said.contains("\"state\":\"playing\"") || said.contains("\"state\": \"playing\"")
    }

    /// Asks the player to stop, then ends it by its pid if it has not.
    func stop() {
        guard pid > 0 else { return }
        _ = try? Subprocess.run(podline, ["stop"], environment: environment)
        if !Subprocess.wait(pid, upTo: 5) {
            kill(pid, SIGTERM)
            if !Subprocess.wait(pid, upTo: 5) {
                kill(pid, SIGKILL)
                Subprocess.wait(pid)
            }
        }
        Interruption.shared.forget(pid)
        pid = 0
    }

    deinit { stop() }
}
