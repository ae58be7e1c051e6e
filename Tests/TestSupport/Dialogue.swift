import Foundation

/// A generated conversation of mixed levels: a loud voice (espeak-ng, peaks at -12 dBFS) and a quiet one (another
/// espeak-ng voice, peaks at -30 dBFS) taking turns, three each, over a pink-noise bed at -60 dB; 44.1 kHz stereo.
public struct Dialogue: Sendable {
    /// The WAV file.
    public var url: URL
    /// Each turn's span in seconds and whether its voice is the quiet one.
    public var turns: [(start: Double, end: Double, quiet: Bool)]

    /// Makes the conversation in `folder`.
    public static func make(in folder: URL) throws -> Dialogue {
        let lines = [
            ("en-us", "The episode starts with the host, who speaks clearly and loudly into a good microphone in the studio.", "-12"),
            ("en-us+f3", "And the guest answers from a phone line far away, quietly, and is hard to follow in a noisy place.", "-30"),
        ]
        var parts: [URL] = []
        var lengths: [Double] = []
        for (index, (voice, text, peak)) in lines.enumerated() {
            let spoken = folder.appendingPathComponent("voice-\(index)-spoken.wav")
            let part = folder.appendingPathComponent("voice-\(index).wav")
            try CommandRunner.tool("espeak-ng", ["-v", voice, "-s", "160", "-w", spoken.path, text])
            try CommandRunner.tool("sox", [spoken.path, "-r", "44100", "-c", "2", part.path, "norm", peak])
            parts.append(part)
            lengths.append(try WAVFile(url: part).duration)
        }
        let voices = folder.appendingPathComponent("voices.wav")
        let order = [0, 1, 0, 1, 0, 1]
        try CommandRunner.tool("sox", order.map { parts[$0].path } + [voices.path])
        var turns: [(Double, Double, Bool)] = []
        var at = 0.0
        for index in order {
            turns.append((at, at + lengths[index], index == 1))
            at += lengths[index]
        }
        let noise = folder.appendingPathComponent("noise.wav")
        try CommandRunner.tool("sox", ["-n", "-r", "44100", "-c", "2", noise.path, "synth", "\(at)", "pinknoise", "vol", "-60dB"])
        let url = folder.appendingPathComponent("dialogue.wav")
        try CommandRunner.tool("sox", ["-m", voices.path, noise.path, url.path])
        return Dialogue(url: url, turns: turns)
    }
}

/// Loudness as independent meters give it: ffmpeg's ebur128 filter and pyloudnorm.
public enum LoudnessMeters {
    /// ffmpeg's EBU R128 summary of `wav`: integrated loudness, loudness range (LU) and true peak (dBTP).
    public static func ebur128(_ wav: URL) throws -> (integrated: Double, range: Double, truePeak: Double) {
        let result = try CommandRunner.tool(
            "ffmpeg", ["-hide_banner", "-nostats", "-i", wav.path, "-af", "ebur128=peak=true", "-f", "null", "-"])
        let summary = result.stderr.components(separatedBy: "Summary:").last ?? ""
        func value(_ label: String) -> Double? {
            guard let line = summary.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) })
            else { return nil }
            return line.split(separator: " ").compactMap { Double($0) }.first
        }
        guard let integrated = value("I:"), let range = value("LRA:"), let peak = value("Peak:") else {
            throw TestSupportError("ffmpeg ebur128: \(result.stderr.suffix(600))")
        }
        return (integrated, range, peak)
    }

    /// pyloudnorm's integrated loudness of each span (seconds) of `wav`, stereo 16-bit.
    public static func spans(_ wav: WAVFile, _ spans: [(start: Double, end: Double)], in folder: URL) throws -> [Double] {
        let raw = folder.appendingPathComponent("spans-\(UUID().uuidString.prefix(6)).raw")
        try wav.samples.withUnsafeBytes { try Data($0).write(to: raw) }
        let script = """
            import sys, numpy, pyloudnorm
            channels, rate = int(sys.argv[2]), int(sys.argv[3])
            data = numpy.fromfile(sys.argv[1], dtype="<i2").astype(float).reshape(-1, channels) / 32768
            meter = pyloudnorm.Meter(rate)
            for pair in sys.argv[4:]:
                start, end = (int(float(x) * rate) for x in pair.split(":"))
                print(meter.integrated_loudness(data[start:end]))
            """
        let arguments = ["python3", "-c", script, raw.path, "\(wav.channels)", "\(wav.sampleRate)"] + spans.map { "\($0.start):\($0.end)" }
        let result = try CommandRunner.run("/usr/bin/env", arguments)
        let numbers = result.stdout.split(separator: "\n").compactMap { Double($0) }
        guard result.status == 0, numbers.count == spans.count else { throw TestSupportError("pyloudnorm: \(result.stderr)") }
        return numbers
    }
}
