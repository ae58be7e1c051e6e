import Foundation

/// DataFlow's update costs (the goals: one write to one view at most 1.5 times Swift's `withObservationTracking` doing
/// the same work in the same run; `update()` after one write in 10,000 views at most twice that one write; memory flat
/// over 1,000,000 writes; mounting 10,000 views at most 40 ms), measured in-process by the `dataflow-bench` target, one
/// fresh process per run.
enum DataFlowBench {
    /// What one `dataflow-bench --json` run prints.
    struct Figures: Decodable {
        var singleWriteMicroseconds: Double
        var observationAnchorMicroseconds: Double
        var graphUpdateMedianMicroseconds: Double
        var graphUpdateP99Microseconds: Double
        var mountMilliseconds: Double
        var writesRSSChangeKilobytes: Double
        var coordinatorPositionMicroseconds: Double
        var coordinatorVolumeMicroseconds: Double
    }

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let bench = try binary(workspace)
        var runs: [Figures] = []
        for round in 1...workspace.options.runs {
            Progress.say("dataflow: round \(round) of \(workspace.options.runs)")
            let text = try Subprocess.capture(bench, ["--json"], environment: ProcessInfo.processInfo.environment)
            runs.append(try JSONDecoder().decode(Figures.self, from: Data(text.utf8)))
        }
        let median = { (figure: KeyPath<Figures, Double>) in Alternation.median(runs.map { $0[keyPath: figure] }) }
        report.add(
            BenchRow(
                group: "dataflow", what: "DataFlow: one model write → one dependent view re-evaluated (write + `update()`)",
                podline: .microseconds(median(\.singleWriteMicroseconds)), anchorName: "`withObservationTracking`",
                anchor: .microseconds(median(\.observationAnchorMicroseconds)), goal: .ratio(1.5), runs: runs.count))
        report.add(
            BenchRow(
                group: "dataflow",
                what: String(
                    format: "DataFlow: `update()` after one write in 10,000 views (p99 %.2f µs)", median(\.graphUpdateP99Microseconds)),
                podline: .microseconds(median(\.graphUpdateMedianMicroseconds)),
                goal: .atMost(.microseconds(2 * median(\.singleWriteMicroseconds)), "≤ 2× one write"), runs: runs.count))
        report.add(
            BenchRow(
                group: "dataflow", what: "DataFlow: 1,000,000 writes with an update after each, RSS change",
                podline: .kilobytes(median(\.writesRSSChangeKilobytes)), goal: .atMost(.kilobytes(1024), "flat (≤ 1 MB)"),
                runs: runs.count))
        report.add(
            BenchRow(
                group: "dataflow", what: "playback coordinator: one position report from the engine (model write + `update()`)",
                podline: .microseconds(median(\.coordinatorPositionMicroseconds)), goal: .report, runs: runs.count))
        report.add(
            BenchRow(
                group: "dataflow", what: "playback coordinator: one volume change (model write + `update()` + engine command)",
                podline: .microseconds(median(\.coordinatorVolumeMicroseconds)), goal: .report, runs: runs.count))
        report.add(
            BenchRow(
                group: "dataflow", what: "DataFlow: mount 10,000 views",
                podline: .seconds(median(\.mountMilliseconds) / 1000), goal: .atMost(.seconds(0.04)), runs: runs.count))
    }

    /// The release `dataflow-bench`, built beside podline.
    private static func binary(_ workspace: Workspace) throws -> String {
        let bin = try BenchBuild.binPath(options: workspace.options)
        if workspace.options.build { try BenchBuild.product("dataflow-bench", options: workspace.options) }
        let path = bin + "/dataflow-bench"
        guard FileManager.default.isExecutableFile(atPath: path) else { throw BenchError("\(path): no dataflow-bench binary there") }
        return path
    }
}
