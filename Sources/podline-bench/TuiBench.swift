import Foundation

/// `podline tui` under a pseudo-terminal of 200 by 50, as a terminal emulator runs it: the first complete frame, a key
/// to the last byte of its frame for one-row moves and for filter keystrokes, the bytes a move and a position tick
/// write, and what the view does while nothing changes (bytes, wake-ups) — with 10,000 episodes and with 500,000.
enum TuiBench {
    static let columns = 200
    static let rows = 50
    private static let frameEnd: [UInt8] = Array("\u{1B}[?2026l".utf8)

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let small = try tenThousand(workspace)
        try measure(library: small, episodes: "10,000", workspace: workspace, report: report, firstGoal: 0.05, large: false)
        try ticks(workspace, report)
        try CasteroComparison.run(workspace, report, podlineHome: small)
        let large = try workspace.largeLibrary()
        try measure(library: large.home, episodes: "500,000", workspace: workspace, report: report, firstGoal: 0.15, large: true)
    }

    /// Four shows of 2,500 episodes, added as a listener adds them; kept between runs in the working folder.
    private static func tenThousand(_ workspace: Workspace) throws -> String {
        let home = workspace.path("tui-library")
        if FileManager.default.fileExists(atPath: home + "/complete") { return home }
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-tui-library"))
        for show in 0..<4 {
            let feed = home + "/show-\(show).xml"
            try BenchFeeds.libraryShow(show, episodes: 2500).write(toFile: feed, atomically: true, encoding: .utf8)
            try Subprocess.run(workspace.podline, ["add", feed, "--home", home], environment: environment, output: "/dev/null")
            try? FileManager.default.removeItem(atPath: feed)
        }
        try "".write(toFile: home + "/complete", atomically: true, encoding: .utf8)
        return home
    }

    private static func start(_ workspace: Workspace, home: String) throws -> (PseudoTerminal, Double) {
        var environment = workspace.environment(runtime: try workspace.freshFolder("runtime-tui"))
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let began = Date()
        let terminal = try PseudoTerminal(
            workspace.podline, ["tui", "--home", home], environment: environment, columns: columns, rows: rows)
        guard terminal.wait(for: frameEnd, timeout: 30) else {
            terminal.stop()
            throw BenchError("podline tui drew no frame in 30 s")
        }
        return (terminal, Date().timeIntervalSince(began))
    }

    private static func percentile(_ values: [Double], _ share: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * share + 0.5))]
    }

    /// Types `key` and times it to the end of the frame it causes; returns seconds and the bytes written.
    private static func timed(_ terminal: PseudoTerminal, _ key: String) throws -> (seconds: Double, bytes: [UInt8]) {
        _ = terminal.take()
        let began = DispatchTime.now().uptimeNanoseconds
        terminal.type(key)
        guard terminal.wait(for: frameEnd, timeout: 10) else { throw BenchError("no frame after the key \(key.debugDescription)") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        // A second frame of the same key (a change taken in after the first) counts with it.
        _ = terminal.drain(for: 0.002)
        return (seconds, terminal.take())
    }

    private static func measure(
        library home: String, episodes: String, workspace: Workspace, report: Report, firstGoal: Double, large: Bool
    ) throws {
        Progress.say("tui: \(episodes) episodes at \(columns)x\(rows)")
        var firsts: [Double] = []
        for _ in 0..<workspace.options.runs {
            let (terminal, first) = try start(workspace, home: home)
            firsts.append(first)
            terminal.stop()
        }
        report.add(
            BenchRow(
                group: "tui", what: "tui: first complete frame, \(episodes) episodes, \(columns)x\(rows) (process start to its last byte)",
                podline: .seconds(percentile(firsts, 0.5)), goal: .atMost(.seconds(firstGoal)), runs: firsts.count))

        let (terminal, _) = try start(workspace, home: home)
        defer { terminal.stop() }
        // The episode list takes the keys.
        _ = try timed(terminal, "l")
        var moves: [Double] = []
        var moveBytes: [Int] = []
        var listBytes: [Int] = []
        // The episode list's columns: after the left pane, before the details pane (from 120 columns on).
        let listLeft = max(18, columns / 4)
        let listColumns = listLeft..<(columns - (columns >= 120 ? columns / 3 : 0))
        for index in 0..<300 {
            let (seconds, bytes) = try timed(terminal, index % 100 < 50 ? "j" : "k")
            moves.append(seconds)
            moveBytes.append(bytes.count)
            listBytes.append(bytes.count - bytesOutside(listColumns, of: bytes))
        }
        let paneWidth = listColumns.count - 2
        report.add(
            BenchRow(
                group: "tui", what: "tui: key to last byte of a one-row move, p50 (\(episodes) episodes)",
                podline: .seconds(percentile(moves, 0.5)), goal: large ? .report : .atMost(.seconds(0.001)), runs: moves.count))
        report.add(
            BenchRow(
                group: "tui", what: "tui: key to last byte of a one-row move, p99 (\(episodes) episodes)",
                podline: .seconds(percentile(moves, 0.99)), goal: .atMost(.seconds(large ? 0.016 : 0.004)), runs: moves.count))
        if !large {
            let median = { (values: [Int]) in values.sorted()[values.count / 2] }
            report.add(
                BenchRow(
                    group: "tui",
                    what:
                        "tui: bytes a one-row selection move writes in the episode list, median of 300 (goal 2 × pane width \(paneWidth) + 64)",
                    podline: .bytes(Double(median(listBytes))), goal: .atMost(.bytes(Double(2 * paneWidth + 64))),
                    runs: listBytes.count))
            report.add(
                BenchRow(
                    group: "tui", what: "tui: the same, largest of the 300 (a move that scrolls redraws the pane)",
                    podline: .bytes(Double(listBytes.max() ?? 0)), goal: .report, runs: listBytes.count))
            report.add(
                BenchRow(
                    group: "tui",
                    what: "tui: bytes a one-row move writes in all (the details pane shows the new episode's notes), median of 300",
                    podline: .bytes(Double(median(moveBytes))), goal: .report, runs: moveBytes.count))
        }
        var filters: [Double] = []
        for word in ["episode", "zeppelin", "show"] {
            _ = try timed(terminal, "/")
            for letter in word { filters.append(try timed(terminal, String(letter)).seconds) }
            _ = try timed(terminal, "\u{1B}")
        }
        report.add(
            BenchRow(
                group: "tui", what: "tui: filter keystroke to last byte, p50 (\(episodes) titles)",
                podline: .seconds(percentile(filters, 0.5)), goal: large ? .report : .atMost(.seconds(0.008)), runs: filters.count))
        if large {
            try marks(terminal, home: home, workspace: workspace, report: report)
            return
        }
        // Stopped, nothing changing: what the view writes and how often it wakes.
        _ = terminal.drain(for: 0.5)
        let switches = terminal.contextSwitches()
        let idleBytes = terminal.drain(for: 10)
        let woke = terminal.wakeUps(since: switches)
        report.add(
            BenchRow(
                group: "tui", what: "tui: bytes written in 10 s with nothing playing",
                podline: .bytes(Double(idleBytes)),
                goal: .atMost(.bytes(0)), runs: 1))
        report.add(
            BenchRow(
                group: "tui", what: "tui: context switches in 10 s with nothing playing (all threads: \(woke.threads))",
                podline: .count(Double(woke.count)), goal: .report, runs: 1))
    }

    /// `m` on the selected row of the New view (every one of the 500,000 episodes), timed to the frame that shows the
    /// row gone; the library is marked unplayed again afterwards, as it was made.
    private static func marks(_ terminal: PseudoTerminal, home: String, workspace: Workspace, report: Report) throws {
        _ = terminal.drain(for: 0.5)
        var marks: [Double] = []
        for _ in 0..<20 {
            marks.append(try timed(terminal, "m").seconds)
            // What the mark sets off after its frame (a list read again) has time to end before the next key.
            _ = terminal.drain(for: 1.5)
        }
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-tui-unmark"))
        try Subprocess.run(
            workspace.podline, ["mark", "--before", "2200-01-01", "unplayed", "--home", home], environment: environment,
            output: "/dev/null")
        report.add(
            BenchRow(
                group: "tui", what: "tui: `m` (mark played) in the New view to the frame without the row, p50 (500,000 episodes)",
                podline: .seconds(percentile(marks, 0.5)), goal: .atMost(.seconds(0.005)), runs: marks.count))
    }

    /// Bytes per frame while an episode plays (the position ticking), through a private PulseAudio.
    private static func ticks(_ workspace: Workspace, _ report: Report) throws {
        let sound = try workspace.soundServer()
        let home = try workspace.freshFolder("tui-ticks")
        var environment = sound.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let config = home + "/config/podline"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "output = \"pulse\"\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        environment["XDG_CONFIG_HOME"] = home + "/config"
        let audio = try workspace.mp3(.minuteTone)
        let terminal = try PseudoTerminal(
            workspace.podline, ["tui", "--home", home + "/library"], environment: environment, columns: columns, rows: rows)
        defer { terminal.stop() }
        guard terminal.wait(for: frameEnd, timeout: 30) else { throw BenchError("podline tui drew no frame") }
        terminal.type(":play \(audio)\r")
        _ = terminal.drain(for: 2)
        _ = terminal.take()
        _ = terminal.drain(for: 5)
        let frames = split(terminal.take())
        let largest = frames.map(\.count).max() ?? 0
        report.add(
            BenchRow(
                group: "tui", what: "tui: bytes of the largest frame of 5 s of playback (\(frames.count) frames; position ticks)",
                podline: .bytes(Double(largest)), goal: .atMost(.bytes(64)), runs: frames.count))
        // Paused: nothing changes, so nothing is written and no thread wakes.
        terminal.type(" ")
        _ = terminal.drain(for: 1)
        let switches = terminal.contextSwitches()
        let pausedBytes = terminal.drain(for: 10)
        let woke = terminal.wakeUps(since: switches)
        report.add(
            BenchRow(
                group: "tui", what: "tui: bytes written in 10 s with an episode paused", podline: .bytes(Double(pausedBytes)),
                goal: .atMost(.bytes(0)), runs: 1))
        report.add(
            BenchRow(
                group: "tui", what: "tui: context switches in 10 s with an episode paused (all threads: \(woke.threads))",
                podline: .count(Double(woke.count)), goal: .atMost(.count(0)), runs: 1))
    }

    /// How many of a frame's bytes go to cells outside `columns`: each run after a cursor move counts for the column it
    /// moved to.
    private static func bytesOutside(_ columns: Range<Int>, of frame: [UInt8]) -> Int {
        var outside = 0
        var index = 0
        var column: Int?
        while index < frame.count {
            // ESC [ row ; column H
            if frame[index] == 0x1B, index + 1 < frame.count, frame[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < frame.count, (0x30...0x3F).contains(frame[end]) { end += 1 }
                if end < frame.count, frame[end] == UInt8(ascii: "H") {
                    let numbers = String(decoding: frame[(index + 2)..<end], as: UTF8.self).split(separator: ";")
                    column = numbers.count == 2 ? Int(numbers[1]).map { $0 - 1 } : 0
                }
                let length = end - index + 1
                if let column, !columns.contains(column) { outside += length }
                index = end + 1
                continue
            }
            if let column, !columns.contains(column) { outside += 1 }
            index += 1
        }
        return outside
    }

    /// The frames in `bytes`, each ending with the end of synchronized output.
    private static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + frameEnd.count <= bytes.count {
            if bytes[index..<(index + frameEnd.count)].elementsEqual(frameEnd) {
                frames.append(Array(bytes[start..<(index + frameEnd.count)]))
                index += frameEnd.count
                start = index
            } else {
                index += 1
            }
        }
        return frames
    }
}
