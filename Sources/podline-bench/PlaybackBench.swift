import Foundation

/// Real-time playback of 60 s into a private PulseAudio null sink: `podline play --output pulse` against
/// `mpg123 -o pulse` (the goals: no more CPU time than mpg123, at most 25 MB peak RSS), and Podline at
/// 1.5× speed.
enum PlaybackBench {
    static func run(_ workspace: Workspace, _ report: Report) throws {
        let mpg123 = try workspace.tool("mpg123", install: "apt-get install mpg123")
        let mp3 = try workspace.mp3(.minuteTone)
        let pulse = try workspace.soundServer()
        let environment = pulse.environment
        let large = try workspace.largeLibrary()
        let medians = try Alternation.measure(
            "playback (180 s a round)", runs: workspace.options.runs, warmUp: false,
            [
                Contender(name: "podline") {
                    try Subprocess.run(
                        workspace.podline, ["play", mp3, "--output", "pulse", "--no-resume"], environment: environment,
                        measuringMemory: true)
                },
                Contender(name: "mpg123") {
                    try Subprocess.run(mpg123, ["-q", "-o", "pulse", mp3], environment: environment, measuringMemory: true)
                },
                // The same player with the 500,000-episode library: its peak (reached in the first seconds) is the figure.
                Contender(name: "podline-large") {
                    try Subprocess.run(
                        workspace.podline, ["play", mp3, "--output", "pulse", "--no-resume", "--duration", "20", "--home", large.home],
                        environment: environment, measuringMemory: true)
                },
                Contender(name: "podline-fast") {
                    try Subprocess.run(
                        workspace.podline, ["play", mp3, "--output", "pulse", "--no-resume", "--speed", "1.5"], environment: environment)
                },
            ])
        guard let podline = medians["podline"], let anchor = medians["mpg123"], let fast = medians["podline-fast"] else { return }
        let what = "play 60 s into a PulseAudio null sink"
        report.add(
            BenchRow(
                group: "playback", what: "\(what), CPU (user + system)", podline: .seconds(podline.cpu),
                anchorName: "`mpg123 -o pulse`", anchor: .seconds(anchor.cpu), goal: .ratio(1), runs: podline.runs))
        if let ours = podline.peakRSSKilobytes, let theirs = anchor.peakRSSKilobytes {
            report.add(
                BenchRow(
                    group: "playback", what: "same, peak RSS (GNU time)", podline: .kilobytes(Double(ours)),
                    anchorName: "mpg123", anchor: .kilobytes(Double(theirs)),
                    goal: .atMost(.kilobytes(25 * 1024)), runs: podline.runs))
        }
        if let ours = medians["podline-large"]?.peakRSSKilobytes, let small = podline.peakRSSKilobytes {
            report.add(
                BenchRow(
                    group: "playback", what: "same, peak RSS with the 500,000-episode library (its first 20 s)",
                    podline: .kilobytes(Double(ours)), anchorName: "Podline with its small library",
                    anchor: .kilobytes(Double(small)), goal: .atMost(.kilobytes(25 * 1024)), runs: podline.runs))
        }
        report.add(
            BenchRow(
                group: "playback", what: "same file at 1.5× speed (40 s of listening), CPU", podline: .seconds(fast.cpu),
                anchorName: "Podline at 1×", anchor: .seconds(podline.cpu), goal: .report, runs: fast.runs))
        report.add(
            BenchRow(
                group: "playback", what: "same, wall time (the file's 60 s takes 40 s)", podline: .seconds(fast.wall),
                anchorName: "Podline at 1×", anchor: .seconds(podline.wall), goal: .report, runs: fast.runs))
    }
}
