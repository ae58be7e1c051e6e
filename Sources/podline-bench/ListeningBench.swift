import Foundation

/// Listening features: the CPU per listened second of 60 s of speech into a private PulseAudio null sink with skip
/// silence and normalisation on, and with voice boost on, against plain playback of the same (the goals: at most 1.3×
/// and 1.15×); the minutes skip
/// silence saves on a generated hour of speech with realistic pauses; and Podline's time-stretcher against libsonic at
/// 1.5×, 2× and 3× (`stretch-bench`: CPU per listened second, the pitch of a 440 Hz tone, its THD+N).
enum ListeningBench {
    static func run(_ workspace: Workspace, _ report: Report) throws {
        let hour = try workspace.mp3(.hourSpeechWithPauses)
        let home = try workspace.freshFolder("listening-library")
        let pulse = try workspace.soundServer()
        var environment = pulse.environment
        environment["PODLINE_HOME"] = home
        // A library episode: its loudness is measured once (here) and kept, as for a downloaded episode.
        let feed = home + "/feed.xml"
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Talk</title>
        <item><title>An hour</title><guid>hour</guid><enclosure url="\(hour)" type="audio/mpeg"/></item></channel></rss>
        """.write(toFile: feed, atomically: true, encoding: .utf8)
        try Subprocess.run(workspace.podline, ["add", feed], environment: environment)
        try Subprocess.run(
            workspace.podline, ["play", "talk/1", "--normalize", "--duration", "1", "--output", "raw:/dev/null"], environment: environment)
        let play = ["play", "talk/1", "--output", "pulse", "--no-resume", "--duration", "60"]
        let medians = try Alternation.measure(
            "listening (180 s a round)", runs: workspace.options.runs, warmUp: false,
            [
                Contender(name: "plain") { try Subprocess.run(workspace.podline, play, environment: environment) },
                Contender(name: "both") {
                    try Subprocess.run(workspace.podline, play + ["--skip-silence", "--normalize"], environment: environment)
                },
                Contender(name: "voice") { try Subprocess.run(workspace.podline, play + ["--voice-boost"], environment: environment) },
            ])
        if let plain = medians["plain"], let both = medians["both"] {
            report.add(
                BenchRow(
                    group: "listening", what: "60 s of speech into a PulseAudio null sink with skip silence and normalisation on, CPU",
                    podline: .seconds(both.cpu), anchorName: "plain playback of the same", anchor: .seconds(plain.cpu),
                    goal: .ratio(1.3), runs: both.runs))
        }
        if let plain = medians["plain"], let voice = medians["voice"] {
            report.add(
                BenchRow(
                    group: "listening", what: "60 s of speech into a PulseAudio null sink with voice boost on, CPU",
                    podline: .seconds(voice.cpu), anchorName: "plain playback of the same", anchor: .seconds(plain.cpu),
                    goal: .ratio(1.15), runs: voice.runs))
        }
        try timeSaved(hour, workspace: workspace, environment: environment, report: report)
        try stretchers(workspace, report: report)
    }

    /// Plays the whole hour with skip silence into a raw file and reads how much shorter it came out.
    private static func timeSaved(_ hour: String, workspace: Workspace, environment: [String: String], report: Report) throws {
        let raw = workspace.path("hour-skipped.raw")
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let plainRaw = workspace.path("hour-plain.raw")
        defer { try? FileManager.default.removeItem(atPath: plainRaw) }
        Progress.say("listening: an hour of speech with skip silence, into a raw file")
        let skipping = try Subprocess.run(
            workspace.podline, ["play", hour, "--skip-silence", "--output", "raw:\(raw)"], environment: environment)
        try Subprocess.run(workspace.podline, ["play", hour, "--output", "raw:\(plainRaw)"], environment: environment)
        let size = { (path: String) in Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) }
        // Mono 16-bit at 22,050 Hz.
        let bytesPerSecond = 2.0 * 22_050
        let (before, after) = (try size(plainRaw) / bytesPerSecond, try size(raw) / bytesPerSecond)
        report.add(
            BenchRow(
                group: "listening",
                what: String(
                    format: "an hour of generated speech with realistic pauses, skip silence: %.1f minutes saved (%.1f%%)",
                    (before - after) / 60, 100 * (before - after) / before),
                podline: .seconds(after), anchorName: "the episode's length", anchor: .seconds(before), goal: .report, runs: 1))
        report.add(
            BenchRow(
                group: "listening", what: "same, the whole hour written with skip silence, CPU", podline: .seconds(skipping.cpu),
                goal: .report, runs: 1))
    }

    /// What `stretch-bench` prints for one stretcher at one speed.
    private struct Stretched: Decodable {
        let stretcher: String
        let speed: Double
        let cpu_per_listened_second: Double
        let pitch: Double
        let thdn_db: Double
    }

    /// Podline's WSOLA against libsonic on the ten minutes of speech (CPU) and a 440 Hz tone (pitch, THD+N).
    private static func stretchers(_ workspace: Workspace, report: Report) throws {
        let bin = try BenchBuild.binPath(options: workspace.options)
        if workspace.options.build { try BenchBuild.product("stretch-bench", options: workspace.options) }
        let path = bin + "/stretch-bench"
        guard FileManager.default.isExecutableFile(atPath: path) else { throw BenchError("\(path): no stretch-bench binary there") }
        let speech = try workspace.mp3(.tenMinuteSpeech)
        Progress.say("listening: time-stretchers on 10 minutes of speech")
        let lines = try Subprocess.capture(path, [speech], environment: ProcessInfo.processInfo.environment)
            .split(separator: "\n").map { try JSONDecoder().decode(Stretched.self, from: Data($0.utf8)) }
        for speed in [1.5, 2, 3] {
            guard let ours = lines.first(where: { $0.speed == speed && $0.stretcher == "podline-wsola" }),
                let sonic = lines.first(where: { $0.speed == speed && $0.stretcher == "libsonic" })
            else { continue }
            report.add(
                BenchRow(
                    group: "listening",
                    what: String(
                        format: "speech at %g×: CPU per listened second; a 440 Hz tone comes out at %.2f Hz (libsonic %.2f Hz), "
                            + "THD+N %.0f dB (libsonic %.0f dB)", speed, ours.pitch, sonic.pitch, ours.thdn_db, sonic.thdn_db),
                    podline: .seconds(ours.cpu_per_listened_second), anchorName: "libsonic",
                    anchor: .seconds(sonic.cpu_per_listened_second), goal: .report, runs: 1))
        }
    }
}
