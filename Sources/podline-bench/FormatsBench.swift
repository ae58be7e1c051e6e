import Foundation
import TestSupport

/// Decoding the formats FFmpeg decodes for Podline: an hour of 128 kb/s AAC (M4A) and of 64 kb/s Opus to WAV,
/// `podline play FILE --output wav:…` against `ffmpeg -threads 1 -i FILE -f wav` (the goal: at most 1.05 times
/// ffmpeg's CPU time); and the time from `podline play URL` of that M4A, its index at the end, from a loopback server
/// that sends parts of files, to the first sound, against ffmpeg reading the same URL (the goal: at most 300 ms).
enum FormatsBench {
    static func run(_ workspace: Workspace, _ report: Report) throws {
        let ffmpeg = try workspace.tool("ffmpeg", install: "apt-get install ffmpeg")
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-formats"))
        let ours = workspace.path("formats-podline.wav")
        let theirs = workspace.path("formats-ffmpeg.wav")
        defer {
            try? FileManager.default.removeItem(atPath: ours)
            try? FileManager.default.removeItem(atPath: theirs)
        }
        let inputs: [(file: String, codec: [String], label: String)] = [
            ("hour-128k.m4a", ["-c:a", "aac", "-b:a", "128k"], "decode 1 h 128 kb/s stereo AAC (M4A) to WAV, CPU"),
            ("hour-64k.opus", ["-c:a", "libopus", "-b:a", "64k"], "decode 1 h 64 kb/s stereo Opus to WAV, CPU"),
        ]
        for input in inputs {
            let file = workspace.path(input.file)
            if !FileManager.default.fileExists(atPath: file) {
                Progress.say("making \(input.file)")
                // Two sweeping tones, one a channel: an hour of audio that is never silent.
                let signal = "aevalsrc=0.3*sin(2*PI*(220+110*sin(2*PI*t/60))*t)|0.3*sin(2*PI*(330+90*sin(2*PI*t/47))*t):s=44100:d=3600"
                try Subprocess.run(
                    ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", signal] + input.codec + [file], environment: environment)
            }
            let medians = try Alternation.measure(
                input.label, runs: workspace.options.runs,
                [
                    Contender(name: "podline") {
                        try Subprocess.run(workspace.podline, ["play", file, "--output", "wav:\(ours)"], environment: environment)
                    },
                    Contender(name: "ffmpeg") {
                        try Subprocess.run(
                            ffmpeg, ["-v", "error", "-y", "-threads", "1", "-i", file, "-f", "wav", theirs], environment: environment)
                    },
                ])
            try SameAudio.check(ours, theirs, anchor: "ffmpeg")
            guard let podline = medians["podline"], let anchor = medians["ffmpeg"] else { continue }
            report.add(
                BenchRow(
                    group: "formats", what: input.label, podline: .seconds(podline.cpu),
                    anchorName: "`ffmpeg -threads 1 -f wav`", anchor: .seconds(anchor.cpu), goal: .ratio(1.05), runs: podline.runs))
        }
        try firstSound(workspace.path(inputs[0].file), ffmpeg: ffmpeg, workspace, environment, report)
    }

    /// `play URL` of `m4a` (its index at the end, as ffmpeg writes it without `+faststart`) served on 127.0.0.1 with
    /// Range support: the time to the first non-silent sample written, against `ffmpeg -i URL -f s16le -`.
    private static func firstSound(
        _ m4a: String, ffmpeg: String, _ workspace: Workspace, _ environment: [String: String], _ report: Report
    ) throws {
        let served = try workspace.freshFolder("served-formats")
        try FileManager.default.createSymbolicLink(atPath: served + "/hour.m4a", withDestinationPath: m4a)
        let server = try SlowFileServer(folder: URL(fileURLWithPath: served), chunkBytes: 1 << 16, delay: 0)
        defer { server.stop() }
        let url = server.url("hour.m4a")
        let label = "play URL of a 1 h M4A, index at the end, loopback server with Range: time to first sound"
        let medians = try Alternation.measure(
            label, runs: workspace.options.runs,
            [
                Contender(name: "podline") {
                    try FirstSound.measure(workspace.podline, ["play", url, "--output", "raw:-"], environment: environment)
                },
                Contender(name: "ffmpeg") {
                    try FirstSound.measure(ffmpeg, ["-v", "error", "-i", url, "-f", "s16le", "-ac", "2", "-"], environment: environment)
                },
            ])
        guard let podline = medians["podline"], let anchor = medians["ffmpeg"] else { return }
        report.add(
            BenchRow(
                group: "formats", what: label + " (first non-silent sample out)", podline: .seconds(podline.wall),
                cpu: .seconds(podline.cpu), anchorName: "`ffmpeg -i URL -f s16le`", anchor: .seconds(anchor.wall),
                goal: .atMost(.seconds(0.3)), runs: podline.runs))
    }
}
