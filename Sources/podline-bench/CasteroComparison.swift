import Foundation

/// `podline tui` and castero side by side on the same 10,000-episode library (four shows of 2,500, castero's imported
/// through its OPML import from a loopback HTTP server), each under a 200 by 50 pseudo-terminal, with the same keys:
/// what each does idle for 10 seconds (CPU time, bytes written), and for 100 one-row moves in the episode column (a
/// key to the last byte of the redraw it causes, and the CPU time of all of them).
enum CasteroComparison {
    /// What one program did.
    struct Figures {
        var idleCPU: Double
        var idleBytes: Int
        var moveP50: Double
        var movesCPU: Double
    }

    static func run(_ workspace: Workspace, _ report: Report, podlineHome: String) throws {
        guard let castero = castero() else {
            report.problem(
                "tui",
                "castero is not installed: python3 -m venv .build/castero-venv && .build/castero-venv/bin/pip install -r Tests/bench/castero-requirements.txt"
            )
            return
        }
        let feeds = try workspace.freshFolder("castero-feeds")
        for show in 0..<4 {
            try BenchFeeds.libraryShow(show, episodes: 2500).write(toFile: feeds + "/show-\(show).xml", atomically: true, encoding: .utf8)
        }
        let server = try LoopbackHTTP(folder: feeds, python: try workspace.python())
        defer { server.stop() }
        let outlines = (0..<4).map {
            "<outline type=\"rss\" text=\"Show \($0)\" xmlUrl=\"http://127.0.0.1:\(server.port)/show-\($0).xml\"/>"
        }
        try "<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>bench</title></head><body>\(outlines.joined())</body></opml>"
            .write(toFile: feeds + "/feeds.opml", atomically: true, encoding: .utf8)
        let home = try workspace.freshFolder("castero-home")
        var environment = workspace.environment(runtime: home)
        environment["XDG_CONFIG_HOME"] = home + "/config"
        environment["XDG_DATA_HOME"] = home + "/data"
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        Progress.say("tui: castero imports the same four shows")
        try Subprocess.run(castero, ["--import", feeds + "/feeds.opml"], environment: environment, output: "/dev/null")

        var podlineEnvironment = workspace.environment(runtime: try workspace.freshFolder("runtime-tui-castero"))
        podlineEnvironment["TERM"] = "xterm-256color"
        podlineEnvironment["LANG"] = "C.UTF-8"
        let ours = try measure(workspace.podline, ["tui", "--home", podlineHome], environment: podlineEnvironment)
        let theirs = try measure(castero, [], environment: environment)
        let what = "10,000 episodes, 200x50, the same keys"
        report.add(
            BenchRow(
                group: "tui", what: "tui vs castero: CPU time over 10 s idle (\(what))", podline: .seconds(ours.idleCPU),
                anchorName: "castero 0.9.5", anchor: .seconds(theirs.idleCPU), goal: .report, runs: 1))
        report.add(
            BenchRow(
                group: "tui", what: "tui vs castero: bytes written over 10 s idle", podline: .bytes(Double(ours.idleBytes)),
                anchorName: "castero 0.9.5", anchor: .bytes(Double(theirs.idleBytes)), goal: .report, runs: 1))
        report.add(
            BenchRow(
                group: "tui", what: "tui vs castero: key to the last byte of its redraw, one-row move in the episodes, p50",
                podline: .seconds(ours.moveP50), anchorName: "castero 0.9.5", anchor: .seconds(theirs.moveP50), goal: .report,
                runs: 100))
        report.add(
            BenchRow(
                group: "tui", what: "tui vs castero: CPU time of 100 one-row moves", podline: .seconds(ours.movesCPU),
                anchorName: "castero 0.9.5", anchor: .seconds(theirs.movesCPU), goal: .report, runs: 1))
    }

    /// castero from the benchmark's virtual environment, else from PATH.
    private static func castero() -> String? {
        let local = FileManager.default.currentDirectoryPath + "/.build/castero-venv/bin/castero"
        if FileManager.default.isExecutableFile(atPath: local) { return local }
        return Subprocess.which("castero")
    }

    /// Starts `program`, lets it settle, then measures it idle and under 100 moves (Right to the episode column first).
    private static func measure(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Figures {
        let terminal = try PseudoTerminal(program, arguments, environment: environment, columns: 200, rows: 50)
        defer { terminal.stop() }
        guard terminal.lastByte(quiet: 1.0, timeout: 30) != nil else { throw BenchError("\(program) drew nothing") }
        // The arrows as a terminal sends them: in application cursor mode (which curses asks for) as SS3 sequences.
        let application = contains(terminal.take(), Array("\u{1B}[?1h".utf8))
        let arrow = { (letter: String) in application ? "\u{1B}O" + letter : "\u{1B}[" + letter }
        terminal.type(arrow("C"))
        _ = terminal.lastByte(quiet: 0.5, timeout: 5)
        _ = terminal.take()
        let idleStart = terminal.cpuSeconds()
        let idleBytes = terminal.drain(for: 10)
        let idleCPU = terminal.cpuSeconds() - idleStart
        _ = terminal.take()
        var moves: [Double] = []
        let movesStart = terminal.cpuSeconds()
        for index in 0..<100 {
            terminal.type(arrow(index % 50 < 25 ? "B" : "A"))
            moves.append(terminal.lastByte(quiet: 0.03, timeout: 2) ?? 2)
            _ = terminal.take()
        }
        let movesCPU = terminal.cpuSeconds() - movesStart
        _ = terminal.take()
        return Figures(idleCPU: idleCPU, idleBytes: idleBytes, moveP50: moves.sorted()[moves.count / 2], movesCPU: movesCPU)
    }

    private static func contains(_ bytes: [UInt8], _ marker: [UInt8]) -> Bool {
        guard bytes.count >= marker.count else { return false }
        return (0...(bytes.count - marker.count)).contains { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
    }
}
