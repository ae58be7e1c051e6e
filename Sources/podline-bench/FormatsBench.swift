import Foundation

/// Decoding the formats FFmpeg decodes for Podline: an hour of 128 kb/s AAC (M4A) and of 64 kb/s Opus to WAV,
/// `podline play FILE --output wav:…` against `ffmpeg -threads 1 -i FILE -f wav` (the goal: at most 1.05 times
/// ffmpeg's CPU time).
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
    }
}
