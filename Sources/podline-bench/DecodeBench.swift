import Foundation

/// Decoding to WAV: `podline play FILE --output wav:…` against `mpg123 -w` on the same MP3 (the goal:
/// at most 1.05 times mpg123's cost), in wall time, CPU time and callgrind instruction counts.
enum DecodeBench {
    static func run(_ workspace: Workspace, _ report: Report) throws {
        let mpg123 = try workspace.tool("mpg123", install: "apt-get install mpg123")
        let valgrind = try workspace.tool("valgrind", install: "apt-get install valgrind")
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-decode"))
        let ours = workspace.path("decoded-podline.wav")
        let theirs = workspace.path("decoded-mpg123.wav")
        defer {
            try? FileManager.default.removeItem(atPath: ours)
            try? FileManager.default.removeItem(atPath: theirs)
        }
        let inputs: [(BenchAudio.Kind, String, Bool)] = [
            (.tenMinuteTone, "decode 10 min 128 kb/s stereo MP3 (tone) to WAV", true),
            (.tenMinuteSpeech, "decode 10 min 64 kb/s mono MP3 (speech) to WAV", false),
        ]
        for (kind, label, withWall) in inputs {
            let mp3 = try workspace.mp3(kind)
            let podlineArguments = ["play", mp3, "--output", "wav:\(ours)"]
            let mpg123Arguments = ["-q", "-w", theirs, mp3]
            let medians = try Alternation.measure(
                label, runs: workspace.options.runs,
                [
                    Contender(name: "podline") { try Subprocess.run(workspace.podline, podlineArguments, environment: environment) },
                    Contender(name: "mpg123") { try Subprocess.run(mpg123, mpg123Arguments, environment: environment) },
                ])
            try SameAudio.check(ours, theirs, anchor: "mpg123")
            guard let podline = medians["podline"], let anchor = medians["mpg123"] else { continue }
            if withWall {
                report.add(
                    BenchRow(
                        group: "decode", what: "\(label), wall", podline: .seconds(podline.wall),
                        anchorName: "`mpg123 -w`", anchor: .seconds(anchor.wall), goal: .ratio(1.05), runs: podline.runs))
            }
            report.add(
                BenchRow(
                    group: "decode", what: "\(label), CPU", podline: .seconds(podline.cpu),
                    anchorName: "`mpg123 -w`", anchor: .seconds(anchor.cpu), goal: .ratio(1.05), runs: podline.runs))
            Progress.say("\(label): counting instructions with callgrind")
            let ourCount = try instructions(valgrind, workspace.podline, podlineArguments, environment: environment, workspace: workspace)
            let theirCount = try instructions(valgrind, mpg123, mpg123Arguments, environment: environment, workspace: workspace)
            report.add(
                BenchRow(
                    group: "decode", what: "\(label), callgrind instructions", podline: .instructions(ourCount),
                    anchorName: "`mpg123 -w`", anchor: .instructions(theirCount), goal: .ratio(1.05), runs: 1))
        }
    }

    /// The instructions `executable` runs, as callgrind counts them.
    private static func instructions(
        _ valgrind: String, _ executable: String, _ arguments: [String],
        environment: [String: String], workspace: Workspace
    ) throws -> Double {
        let log = workspace.path("callgrind.log")
        let out = workspace.path("callgrind.out")
        defer {
            try? FileManager.default.removeItem(atPath: log)
            try? FileManager.default.removeItem(atPath: out)
        }
        try Subprocess.run(
            valgrind, ["--tool=callgrind", "--callgrind-out-file=\(out)", executable] + arguments,
            environment: environment, errors: log)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        guard let line = text.split(separator: "\n").last(where: { $0.contains("Collected :") }),
            let count = Double(line.split(separator: " ").last ?? "")
        else {
            throw BenchError("callgrind printed no instruction count for \(executable)")
        }
        return count
    }
}
