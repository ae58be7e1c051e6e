import Foundation
import TestSupport

/// Time to the first sound of a live MP3 stream: a private icecast2 on 127.0.0.1 fed by ezstream (a tone, looped),
/// `podline play URL --output raw:-` against `mpg123 -s URL` and `ffmpeg -i URL -f s16le -`, each a fresh process
/// reading the stream from the server's burst on, to its first non-silent sample.
enum LiveBench {
    static func run(_ workspace: Workspace, _ report: Report) throws {
        let inherited = ProcessInfo.processInfo.environment
        let missing = ["icecast2", "ezstream", "mpg123", "ffmpeg"].filter { CommandRunner.which($0) == nil }
        guard missing.isEmpty else {
            report.problem("live", "not installed: \(missing.joined(separator: ", "))")
            return
        }
        let server = try IcecastServer()
        defer { server.stop() }
        try server.ezstream([URL(fileURLWithPath: try workspace.mp3(.minuteTone))], mount: "/live.mp3")
        let url = server.url("/live.mp3")
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-live"))
        let label = "play URL of a live 128 kb/s MP3 stream (icecast2 + ezstream on 127.0.0.1): time to first sound"
        let medians = try Alternation.measure(
            label, runs: workspace.options.runs,
            [
                Contender(name: "podline") {
                    try FirstSound.measure(workspace.podline, ["play", url, "--output", "raw:-"], environment: environment)
                },
                Contender(name: "mpg123") {
                    try FirstSound.measure("/usr/bin/mpg123", ["-q", "-s", url], environment: inherited)
                },
                Contender(name: "ffmpeg") {
                    try FirstSound.measure(
                        "/usr/bin/ffmpeg", ["-v", "error", "-i", url, "-f", "s16le", "-ac", "2", "-"], environment: inherited)
                },
            ])
        guard let podline = medians["podline"] else { return }
        for (name, anchor) in [("`mpg123 -s URL`", medians["mpg123"]), ("`ffmpeg -i URL -f s16le`", medians["ffmpeg"])] {
            guard let anchor else { continue }
            report.add(
                BenchRow(
                    group: "live", what: label + " (first non-silent sample out)", podline: .seconds(podline.wall),
                    cpu: .seconds(podline.cpu), anchorName: name, anchor: .seconds(anchor.wall), goal: .ratio(1.0), runs: podline.runs))
        }
    }
}
