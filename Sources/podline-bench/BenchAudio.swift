import Foundation

/// Generated test audio: tones made by sox and speech made by espeak-ng, encoded by lame.
enum BenchAudio {
    /// The MP3s the benchmark plays and decodes.
    enum Kind {
        /// 10 minutes of two sweeping sines, 44.1 kHz stereo, 128 kb/s (the decode input).
        case tenMinuteTone
        /// 60 seconds of the same, for real-time playback.
        case minuteTone
        /// About 10 minutes of synthetic speech, 44.1 kHz mono, 64 kb/s (a typical spoken podcast).
        case tenMinuteSpeech
        /// An hour of synthetic sentences with the pauses of conversation between them over a faint noise floor,
        /// 22,050 Hz mono, 64 kb/s (for skip silence).
        case hourSpeechWithPauses

        var fileName: String {
            switch self {
            case .tenMinuteTone: "tone-10min-128k-stereo.mp3"
            case .minuteTone: "tone-60s-128k-stereo.mp3"
            case .tenMinuteSpeech: "speech-10min-64k-mono.mp3"
            case .hourSpeechWithPauses: "speech-hour-pauses-64k-mono.mp3"
            }
        }
    }

    /// Makes `kind` at `target`.
    static func make(_ kind: Kind, at target: String, workspace: Workspace) throws {
        let sox = try workspace.tool("sox", install: "apt-get install sox")
        let lame = try workspace.tool("lame", install: "apt-get install lame")
        let environment = ProcessInfo.processInfo.environment
        let wav = target + ".wav"
        defer { try? FileManager.default.removeItem(atPath: wav) }
        switch kind {
        case .tenMinuteTone, .minuteTone:
            let seconds = kind == .minuteTone ? "60" : "600"
            try Subprocess.run(
                sox,
                [
                    "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", seconds,
                    "sine", "220:880", "sine", "330:990", "vol", "0.4",
                ], environment: environment)
            try Subprocess.run(lame, ["--quiet", "-b", "128", wav, target], environment: environment)
        case .tenMinuteSpeech:
            let espeak = try workspace.tool("espeak-ng", install: "apt-get install espeak-ng")
            let text = target + ".txt"
            let voice = target + ".voice.wav"
            defer {
                try? FileManager.default.removeItem(atPath: text)
                try? FileManager.default.removeItem(atPath: voice)
            }
            // About 1,900 words: a little over 10 minutes at espeak-ng's 175 words a minute, then cut to 600 s.
            let sentences = (0..<160).map { BenchFeeds.text(12, seed: $0).capitalizedFirst + "." }
            try sentences.joined(separator: " ").write(toFile: text, atomically: true, encoding: .utf8)
            try Subprocess.run(espeak, ["-w", voice, "-f", text], environment: environment)
            try Subprocess.run(sox, [voice, "-r", "44100", "-c", "1", "-b", "16", wav, "trim", "0", "600"], environment: environment)
            try Subprocess.run(lame, ["--quiet", "-m", "m", "-b", "64", wav, target], environment: environment)
        case .hourSpeechWithPauses:
            try SpeechWithPauses.make(wav: wav, workspace: workspace)
            try Subprocess.run(lame, ["--quiet", "-m", "m", "-b", "64", wav, target], environment: environment)
        }
    }
}

extension String {
    /// The text with its first letter in upper case.
    var capitalizedFirst: String {
        prefix(1).uppercased() + dropFirst()
    }
}
