import Foundation

/// A 60 s clip of a 2-hour MP3 (the ten-minute tone twelve times, copied into one stream by ffmpeg), from its middle:
/// `podline clip FILE FROM TO -o OUT.mp3` against `ffmpeg -ss FROM -to TO -i FILE -c copy OUT.mp3`, each a fresh
/// process. Both copy frames; Podline's cut also decodes to the exact samples of the span.
enum ClipBench {
    static let from = "3600"
    static let to = "3660"

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let inherited = ProcessInfo.processInfo.environment
        guard (try? Subprocess.run("/usr/bin/ffmpeg", ["-version"], environment: inherited)) != nil else {
            report.problem("clip", "ffmpeg is not installed")
            return
        }
        let file = try twoHours(workspace)
        let out = try workspace.freshFolder("clips")
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-clip"))
        let medians = try Alternation.measure(
            "clip", runs: workspace.options.runs,
            [
                Contender(name: "podline") {
                    try Subprocess.run(workspace.podline, ["clip", file, from, to, "-o", out + "/podline.mp3"], environment: environment)
                },
                Contender(name: "ffmpeg") {
                    try Subprocess.run(
                        "/usr/bin/ffmpeg", ["-v", "error", "-y", "-ss", from, "-to", to, "-i", file, "-c", "copy", out + "/ffmpeg.mp3"],
                        environment: inherited)
                },
            ])
        guard let podline = medians["podline"], let ffmpeg = medians["ffmpeg"] else { return }
        report.add(
            BenchRow(
                group: "clip", what: "`clip` of 60 s from the middle of a 2-hour 128 kb/s MP3 to an MP3 (frames copied), wall",
                podline: .seconds(podline.wall), cpu: .seconds(podline.cpu), anchorName: "`ffmpeg -ss -to -c copy`",
                anchor: .seconds(ffmpeg.wall), goal: .atMost(.seconds(0.05)), runs: podline.runs))
    }

    /// The ten-minute tone twelve times in one stream; made once.
    private static func twoHours(_ workspace: Workspace) throws -> String {
        let path = workspace.path("two-hours.mp3")
        if FileManager.default.fileExists(atPath: path) { return path }
        Progress.say("clip: writing a 2-hour MP3")
        try Subprocess.run(
            "/usr/bin/ffmpeg",
            ["-v", "error", "-y", "-stream_loop", "11", "-i", try workspace.mp3(.tenMinuteTone), "-c", "copy", path + ".part.mp3"],
            environment: ProcessInfo.processInfo.environment)
        try FileManager.default.moveItem(atPath: path + ".part.mp3", toPath: path)
        return path
    }
}
