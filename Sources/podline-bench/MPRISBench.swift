import Foundation

/// The desktop's media controls: a `playerctl -p podline status` round trip over a private session bus against
/// `podline status --json` over the control socket (the goal: at most 10 ms median), and the CPU a paused player
/// spends in 60 s with its MPRIS service on the bus against the same player with no bus (the goal: no
/// measurable difference; changes are pushed, nothing is polled).
enum MPRISBench {
    static let idleSeconds = 60.0

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let playerctl = try workspace.tool("playerctl", install: "apt-get install playerctl")
        let daemon = try workspace.tool("dbus-daemon", install: "apt-get install dbus")
        let mp3 = try workspace.mp3(.tenMinuteTone)
        let pulse = try workspace.soundServer()
        let busFolder = try workspace.freshFolder("runtime-bus")
        let address = "unix:path=\(busFolder)/bus"
        let busPID = try Subprocess.spawn(
            daemon, ["--session", "--nofork", "--nopidfile", "--address=\(address)"], environment: pulse.environment)
        Interruption.shared.track(busPID)
        defer {
            kill(busPID, SIGKILL)
            Subprocess.wait(busPID)
            Interruption.shared.forget(busPID)
        }
        var onBus = pulse.environment
        onBus["DBUS_SESSION_BUS_ADDRESS"] = address
        var offBus = pulse.environment
        offBus["DBUS_SESSION_BUS_ADDRESS"] = nil

        // The round trip, with the player playing.
        let player = try PlayerProcess(podline: workspace.podline, file: mp3, environment: onBus, log: workspace.path("player.log"))
        for _ in 0..<50 where (try? Subprocess.capture(playerctl, ["-l"], environment: onBus))?.contains("podline") != true {
            usleep(100_000)
        }
        let medians = try Alternation.measure(
            "mpris", runs: max(workspace.options.runs, 20),
            [
                Contender(name: "playerctl") { try Subprocess.run(playerctl, ["-p", "podline", "status"], environment: onBus) },
                Contender(name: "socket") { try Subprocess.run(workspace.podline, ["status", "--json"], environment: onBus) },
            ])
        // Paused for a minute on the bus.
        try Subprocess.run(workspace.podline, ["pause"], environment: onBus)
        let withService = try idleCPU(of: player.pid)
        player.stop()

        // The same without a bus.
        let alone = try PlayerProcess(podline: workspace.podline, file: mp3, environment: offBus, log: workspace.path("player.log"))
        try Subprocess.run(workspace.podline, ["pause"], environment: offBus)
        let withoutService = try idleCPU(of: alone.pid)
        alone.stop()

        if let trip = medians["playerctl"], let socket = medians["socket"] {
            report.add(
                BenchRow(
                    group: "mpris", what: "`playerctl -p podline status` round trip (private session bus, playing)",
                    podline: .seconds(trip.wall), cpu: .seconds(trip.cpu), anchorName: "`podline status --json` (socket)",
                    anchor: .seconds(socket.wall), goal: .atMost(.seconds(0.01)), runs: trip.runs))
        }
        report.add(
            BenchRow(
                group: "mpris", what: "CPU of a paused player over \(Int(idleSeconds)) s, MPRIS service on the bus",
                podline: .seconds(withService), anchorName: "same player, no session bus", anchor: .seconds(withoutService),
                goal: .report, runs: 1))
    }

    /// The user and system CPU time `pid` spends in `idleSeconds`, from /proc.
    private static func idleCPU(of pid: pid_t) throws -> Double {
        usleep(500_000)
        let start = try cpuSeconds(pid)
        Progress.say("mpris: \(Int(idleSeconds)) s paused")
        usleep(UInt32(idleSeconds * 1_000_000))
        return try cpuSeconds(pid) - start
    }

    private static func cpuSeconds(_ pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let close = stat.lastIndex(of: ")") else { throw BenchError("cannot read /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, utime 14 and stime 15 (1-based over the whole line).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw BenchError("cannot read the CPU times of \(pid)")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
