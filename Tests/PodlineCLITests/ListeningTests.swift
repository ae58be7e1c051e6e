import Foundation
import TestSupport
import Testing

/// Skip silence, normalisation and per-show settings, end to end on the built binary: through file outputs (checked
/// offline, loudness by pyloudnorm, a BS.1770 meter that is not ours) and through the PulseAudio null sink.
@Suite("listening: skip silence, even loudness, per-show settings", .serialized)
struct ListeningTests {
    /// A home with its own config folder.
    static func home(_ label: String) throws -> (home: URL, environment: [String: String?]) {
        let home = try Fixtures.temporaryDirectory(label)
        return (home, ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
    }

    /// Tones with pauses between them (digital silence): 2 s, 0.3 s and 1.5 s, as an MP3.
    static func tonesWithPauses(in folder: URL) throws -> URL {
        let parts: [[String]] = [
            ["synth", "0.8", "sine", "500"], ["trim", "0", "2"], ["synth", "0.8", "sine", "700"], ["trim", "0", "0.3"],
            ["synth", "0.5", "sine", "900"], ["trim", "0", "1.5"], ["synth", "0.6", "sine", "1100"],
        ]
        var files: [String] = []
        for (index, effect) in parts.enumerated() {
            let file = folder.appendingPathComponent("part\(index).wav").path
            let volume = effect[0] == "synth" ? ["vol", "0.5"] : []
            try CommandRunner.tool("sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", file] + effect + volume)
            files.append(file)
        }
        let wav = folder.appendingPathComponent("pauses.wav").path
        try CommandRunner.tool("sox", files + [wav])
        let mp3 = folder.appendingPathComponent("pauses.mp3")
        try CommandRunner.tool("lame", ["--quiet", "-b", "128", wav, mp3.path])
        return mp3
    }

    /// Sentences said by espeak-ng with `pause` seconds between them, compressed as podcasts are, then scaled by
    /// `volume` and mixed with white noise at `noise` (of full scale) when given, as an MP3.
    static func speech(in folder: URL, name: String, pause: Double, volume: Double, noise: Double? = nil) throws -> URL {
        let sentences = [
            "Welcome back to the show.", "Today we talk about loudness, and why every episode sounds different.",
            "Some are quiet, some are loud.", "A good player evens them out.",
        ]
        var files: [String] = []
        for (index, sentence) in sentences.enumerated() {
            let said = folder.appendingPathComponent("\(name)-said\(index).wav").path
            try CommandRunner.tool("espeak-ng", ["-w", said, sentence])
            let even = folder.appendingPathComponent("\(name)-even\(index).wav").path
            try CommandRunner.tool(
                "sox", [said, "-r", "44100", "-c", "1", "-b", "16", even, "compand", "0.01,0.2", "-60,-40,-30,-15,0,-8", "6"])
            files.append(even)
            let gap = folder.appendingPathComponent("\(name)-gap\(index).wav").path
            try CommandRunner.tool("sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", gap, "trim", "0", "\(pause)"])
            files.append(gap)
        }
        let joined = folder.appendingPathComponent("\(name)-joined.wav").path
        try CommandRunner.tool("sox", files + [joined, "vol", "\(volume)"])
        var final = joined
        if let noise {
            let seconds = try #require(
                Double(try CommandRunner.tool("soxi", ["-D", joined]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
            let hiss = folder.appendingPathComponent("\(name)-noise.wav").path
            try CommandRunner.tool(
                "sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", hiss, "synth", "\(seconds)", "whitenoise", "vol", "\(noise)"])
            final = folder.appendingPathComponent("\(name)-noisy.wav").path
            try CommandRunner.tool("sox", ["-m", joined, hiss, final])
        }
        let mp3 = folder.appendingPathComponent("\(name).mp3")
        try CommandRunner.tool("lame", ["--quiet", "-b", "128", final, mp3.path])
        return mp3
    }

    /// Subscribes to a feed whose one episode is `mp3`; returns the episode's reference.
    static func subscribe(_ mp3: URL, show: String, home: URL, environment: [String: String?]) throws -> String {
        let feed = home.appendingPathComponent("\(show).xml")
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>\(show)</title>
        <item><title>One</title><guid>\(show)-1</guid><enclosure url="\(mp3.path)" type="audio/mpeg"/></item>
        </channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        let added = try PodlineBinary.run(["add", feed.path], home: home, environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try PodlineBinary.run(["episodes", "--json"], home: home, environment: environment)
        let episodes = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        return try #require(episodes.first { ($0["ref"] as? String)?.hasPrefix(show.lowercased()) == true }?["ref"] as? String)
    }

    /// Plays `target` into a WAV file with `flags` and reads it back.
    static func played(_ target: String, _ flags: [String] = [], home: URL, environment: [String: String?]) throws -> WAVFile {
        let out = home.appendingPathComponent("out-\(UUID().uuidString.prefix(6)).wav")
        let result = try PodlineBinary.run(["play", target, "--output", "wav:\(out.path)"] + flags, home: home, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try WAVFile(url: out)
    }

    /// The lengths in seconds of the runs of sound in `wav` (its first channel), in order.
    static func soundRuns(_ wav: WAVFile, threshold: Double = 0.05) -> [Double] {
        SoundAnalysis.soundRuns(wav.mono(), sampleRate: wav.sampleRate, threshold: threshold)
    }

    @Test("--skip-silence cuts long pauses between tones to 0.32 s, keeps the short one and every tone; stats keeps the total")
    func tonesInAFile() throws {
        let (home, environment) = try Self.home("pl-skip")
        let ref = try Self.subscribe(try Self.tonesWithPauses(in: home), show: "Pauses", home: home, environment: environment)
        let plain = try Self.played(ref, ["--no-resume"], home: home, environment: environment)
        let skipped = try Self.played(ref, ["--no-resume", "--skip-silence"], home: home, environment: environment)
        let saved = plain.duration - skipped.duration
        #expect(abs(saved - (2 - 0.32 + 1.5 - 0.32)) < 0.05, "saved \(saved) s")
        let (heard, played) = (Self.soundRuns(skipped), Self.soundRuns(plain))
        #expect(heard.count == 4 && zip(heard, played).allSatisfy { abs($0 - $1) <= 0.02 }, "\(heard) against \(played)")
        // With speed: the pauses are cut first, then the rest is played twice as fast, every tone still there.
        let fastPlain = try Self.played(ref, ["--no-resume", "--speed", "2"], home: home, environment: environment)
        let fast = try Self.played(ref, ["--no-resume", "--skip-silence", "--speed", "2"], home: home, environment: environment)
        #expect(abs((fastPlain.duration - fast.duration) - saved / 2) < 0.05, "\(fast.duration) s at 2x, \(fastPlain.duration) s without")
        #expect(Self.soundRuns(fast).count == 4, "\(Self.soundRuns(fast))")
        let stats = try PodlineBinary.run(["stats", "--json"], home: home, environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: stats.stdoutData) as? [String: Any])
        let total = try #require(object["time_saved"] as? Double)
        #expect(abs(total - 2 * saved) < 0.1, "stats (two plays with skip silence): \(stats.stdout)")
        let text = try PodlineBinary.run(["stats"], home: home, environment: environment)
        #expect(text.stdout.contains("Saved by skipping silence: 0:06"), "\(text.stdout)")
    }

    @Test("a stream from the loopback server has its pauses cut as a file does, and keeps every tone")
    func streamedPauses() throws {
        let (home, environment) = try Self.home("pl-skip-stream")
        let mp3 = try Self.tonesWithPauses(in: home)
        let server = try SlowFileServer(folder: home, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        let plain = try Self.played(mp3.path, home: home, environment: environment)
        let streamed = try Self.played(server.url(mp3.lastPathComponent), ["--skip-silence"], home: home, environment: environment)
        let saved = plain.duration - streamed.duration
        #expect(abs(saved - (2 - 0.32 + 1.5 - 0.32)) < 0.05, "saved \(saved) s")
        #expect(Self.soundRuns(streamed).count == 4, "\(Self.soundRuns(streamed))")
    }

    @Test("pauses in speech over a noise floor are cut, and all that is said is kept")
    func speechOverNoise() throws {
        let (home, environment) = try Self.home("pl-skip-speech")
        let mp3 = try Self.speech(in: home, name: "noisy", pause: 1.5, volume: 0.7, noise: 0.003)
        let plain = try Self.played(mp3.path, home: home, environment: environment)
        let skipped = try Self.played(mp3.path, ["--skip-silence"], home: home, environment: environment)
        let saved = plain.duration - skipped.duration
        // Four pauses of 1.5 s (and what espeak leaves around each sentence) each become about 0.32 s.
        #expect(saved > 4 * (1.5 - 0.32) - 0.1 && saved < 4 * 1.5 + 1, "saved \(saved) s of \(plain.duration) s")
        // What is said: the 10 ms blocks well above the noise, as many in both.
        let (said, kept) = (Self.soundRuns(plain, threshold: 0.1).reduce(0, +), Self.soundRuns(skipped, threshold: 0.1).reduce(0, +))
        #expect(abs(said - kept) <= 0.05 * said, "speech \(said) s, kept \(kept) s")
    }

    /// pyloudnorm's integrated loudness and the sample peak (dBFS) of `wav` as heard from two speakers: a mono file
    /// is measured as the same channel twice (dual mono), as PulseAudio plays it.
    static func measured(_ wav: WAVFile, in folder: URL) throws -> (loudness: Double, peak: Double) {
        let raw = folder.appendingPathComponent("measured-\(UUID().uuidString.prefix(6)).raw")
        var stereo = wav
        if wav.channels == 1 {
            stereo.channels = 2
            stereo.samples = wav.samples.flatMap { [$0, $0] }
        }
        try stereo.samples.withUnsafeBytes { try Data($0).write(to: raw) }
        let script = """
            import sys, numpy, pyloudnorm
            data = numpy.fromfile(sys.argv[1], dtype="<i2").astype(float).reshape(-1, int(sys.argv[2])) / 32768
            print(pyloudnorm.Meter(int(sys.argv[3])).integrated_loudness(data), 20 * numpy.log10(numpy.max(numpy.abs(data))))
            """
        let result = try CommandRunner.run(
            "/usr/bin/env", [Self.python(), "-c", script, raw.path, "\(stereo.channels)", "\(wav.sampleRate)"])
        let numbers = result.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard result.status == 0, numbers.count == 2 else { throw TestSupportError("pyloudnorm: \(result.stderr)") }
        return (numbers[0], numbers[1])
    }

    /// A Python that has pyloudnorm (installed from PyPI as the README says).
    static func python() -> String {
        for candidate in ["python3", "/usr/bin/python3"] {
            if let result = try? CommandRunner.run("/usr/bin/env", [candidate, "-c", "import pyloudnorm"]), result.status == 0 {
                return candidate
            }
        }
        return "python3"
    }

    @Test("--normalize brings a quiet and a loud episode to -16 LUFS by pyloudnorm, never over -1 dBFS; off, a file plays as loud as it is")
    func evenLoudness() throws {
        let (home, environment) = try Self.home("pl-loud")
        let quiet = try Self.speech(in: home, name: "quiet", pause: 0.5, volume: 0.12)
        let loud = try Self.speech(in: home, name: "loud", pause: 0.5, volume: 1)
        let quietIn = try Self.measured(try WAVFile(url: try Fixtures.mpg123Reference(of: quiet, in: home)), in: home)
        let loudIn = try Self.measured(try WAVFile(url: try Fixtures.mpg123Reference(of: loud, in: home)), in: home)
        #expect(quietIn.loudness < -28 && loudIn.loudness > -14, "inputs at \(quietIn.loudness) and \(loudIn.loudness) LUFS")
        for (mp3, input) in [(quiet, quietIn), (loud, loudIn)] {
            let evened = try Self.measured(try Self.played(mp3.path, ["--normalize"], home: home, environment: environment), in: home)
            #expect(abs(evened.loudness - -16) <= 1, "\(mp3.lastPathComponent): \(input.loudness) LUFS became \(evened.loudness)")
            #expect(evened.peak <= -1, "\(mp3.lastPathComponent): peak \(evened.peak) dBFS")
            let asIs = try Self.measured(try Self.played(mp3.path, home: home, environment: environment), in: home)
            #expect(abs(asIs.loudness - input.loudness) < 0.2, "\(mp3.lastPathComponent): off, \(asIs.loudness) against \(input.loudness)")
        }
        // The target is the configuration's.
        let config = home.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "normalize = true\nloudness_target = -23\n".write(
            to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let quieter = try Self.measured(try Self.played(loud.path, home: home, environment: environment), in: home)
        #expect(abs(quieter.loudness - -23) <= 1, "\(quieter.loudness) LUFS for a target of -23")
    }

    @Test("a quiet episode played with --normalize into the PulseAudio null sink is heard at -16 LUFS, never over -1 dBFS")
    func evenLoudnessHeard() throws {
        let (home, environment) = try Self.home("pl-loud-live")
        let quiet = try Self.speech(in: home, name: "quiet", pause: 0.5, volume: 0.12)
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let recording = try sound.record()
        let output = "pulse:unix:\(sound.runtimeDirectory.path)/pulse/native"
        let played = try PodlineBinary.run(["play", quiet.path, "--normalize", "--output", output], home: home, environment: environment)
        #expect(played.status == 0, "\(played.stderr)")
        recording.waitForSilence()
        let heard = try Self.measured(try recording.stop(), in: home)
        #expect(abs(heard.loudness - -16) <= 1, "heard at \(heard.loudness) LUFS")
        #expect(heard.peak <= -1, "peak \(heard.peak) dBFS")
    }

    @Test("a ReplayGain tag (written by mutagen) is trusted for the loudness unless replaygain = false says otherwise")
    func replayGainTag() throws {
        let (home, environment) = try Self.home("pl-replaygain")
        let mp3 = try Self.speech(in: home, name: "tagged", pause: 0.5, volume: 0.12)
        let actual = try Self.measured(try WAVFile(url: try Fixtures.mpg123Reference(of: mp3, in: home)), in: home)
        // The tag says the episode is 10 dB louder than it is (ReplayGain 2.0 reads gain = -18 LUFS - loudness).
        let gain = -18 - (actual.loudness + 10)
        let script = """
            import sys
            from mutagen.id3 import ID3, TXXX
            tag = ID3()
            tag.add(TXXX(encoding=3, desc="replaygain_track_gain", text=["%.2f dB" % float(sys.argv[2])]))
            tag.save(sys.argv[1])
            """
        let tagged = try CommandRunner.run("/usr/bin/env", [ChaptersTests.python(), "-c", script, mp3.path, "\(gain)"])
        #expect(tagged.status == 0, "\(tagged.stderr)")
        let trusted = try Self.measured(try Self.played(mp3.path, ["--normalize"], home: home, environment: environment), in: home)
        #expect(abs(trusted.loudness - (-16 - 10)) <= 1, "with the tag: \(trusted.loudness) LUFS")
        let config = home.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "replaygain = false\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let measured = try Self.measured(try Self.played(mp3.path, ["--normalize"], home: home, environment: environment), in: home)
        #expect(abs(measured.loudness - -16) <= 1, "measured instead: \(measured.loudness) LUFS")
    }

    @Test("a show's own settings, set with podline show, apply when its episode starts; a flag still wins; bad values are refused")
    func perShowSettings() throws {
        let (home, environment) = try Self.home("pl-show-settings")
        let ref = try Self.subscribe(
            try Fixtures.toneMP3(in: home, name: "eight.mp3", seconds: 8, channels: 1), show: "Steady", home: home, environment: environment
        )
        for change in [["speed", "2"], ["skip_intro", "2"], ["skip_outro", "0:02"], ["volume", "80"]] {
            let set = try PodlineBinary.run(["show", "steady", "set"] + change, home: home, environment: environment)
            #expect(set.status == 0, "\(set.stderr)")
        }
        let config = try String(contentsOf: home.appendingPathComponent("config/podline/config.toml"), encoding: .utf8)
        #expect(config.contains("[shows.steady]\nspeed = 2\nskip_intro = 2\nskip_outro = \"0:02\"\nvolume = 80"), "\(config)")
        // Eight seconds less the intro and the outro, at twice the speed.
        let fast = try Self.played(ref, home: home, environment: environment)
        #expect(abs(fast.duration - 2) < 0.25, "\(fast.duration) s")
        let listed = try PodlineBinary.run(["episodes", "--json"], home: home, environment: environment)
        #expect(listed.stdout.contains(#""played":true"#), "the outro skipped counts as played: \(listed.stdout)")
        _ = try PodlineBinary.run(["mark", ref, "unplayed"], home: home, environment: environment)
        let flagged = try Self.played(ref, ["--speed", "1", "--start", "2"], home: home, environment: environment)
        #expect(abs(flagged.duration - 4) < 0.25, "with --speed 1: \(flagged.duration) s")
        let shown = try PodlineBinary.run(["show", "steady", "--json"], home: home, environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: shown.stdoutData) as? [String: Any])
        let settings = try #require(object["settings"] as? [String: [String: Any]])
        #expect(settings["speed"]?["value"] as? Double == 2)
        #expect((settings["speed"]?["source"] as? String)?.hasPrefix("config.toml line") == true, "\(settings)")
        #expect(settings["skip_silence"]?["value"] as? Bool == false)
        let bad = try PodlineBinary.run(["show", "steady", "set", "speed", "9"], home: home, environment: environment)
        #expect(bad.status == 64 && bad.stderr.contains("speed: expected a number from 0.5"), "\(bad.stderr)")
        let unknown = try PodlineBinary.run(["show", "steady", "set", "sped", "1"], home: home, environment: environment)
        #expect(unknown.status == 64 && unknown.stderr.contains("did you mean 'speed'?"), "\(unknown.stderr)")
        let after = try String(contentsOf: home.appendingPathComponent("config/podline/config.toml"), encoding: .utf8)
        #expect(after == config, "a refused value leaves the file as it was")
        let unset = try PodlineBinary.run(["show", "steady", "unset", "speed"], home: home, environment: environment)
        #expect(unset.status == 0 && unset.stdout.contains("speed = (not set)"), "\(unset.stdout) \(unset.stderr)")
    }

    @Test("in the REPL, a show's setting written with show SLUG set holds from its next episode on")
    func setInTheREPL() throws {
        let (home, environment) = try Self.home("pl-show-repl")
        let ref = try Self.subscribe(
            try Fixtures.toneMP3(in: home, name: "eight.mp3", seconds: 8, channels: 1), show: "Steady", home: home, environment: environment
        )
        let out = home.appendingPathComponent("repl.wav")
        let config = home.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "output = \"wav:\(out.path)\"\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let result = try PodlineBinary.run(
            ["repl"], home: home, environment: environment, stdin: Data("show steady set skip_outro 6\nplay \(ref)\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("steady: skip_outro = 6"), "\(result.stdout)")
        let written = try WAVFile(url: out)
        #expect(abs(written.duration - 2) < 0.25, "\(written.duration) s")
    }

    @Test("silence on, sent to a player in the PulseAudio null sink, shortens what is heard; status gives the time saved")
    func silenceOnWhilePlaying() throws {
        let (home, environment) = try Self.home("pl-skip-live")
        var parts: [String] = []
        for index in 0..<5 {
            let tone = home.appendingPathComponent("tone\(index).wav").path
            try CommandRunner.tool("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", tone, "synth", "0.6", "sine", "600", "vol", "0.5"])
            let gap = home.appendingPathComponent("gap\(index).wav").path
            try CommandRunner.tool("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", gap, "trim", "0", "2"])
            parts += [tone, gap]
        }
        let wav = home.appendingPathComponent("live.wav").path
        try CommandRunner.tool("sox", parts + [wav])
        let mp3 = home.appendingPathComponent("live.mp3")
        try CommandRunner.tool("lame", ["--quiet", "-b", "128", wav, mp3.path])
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let recording = try sound.record()
        let player = try BackgroundProcess.podline(
            ["play", mp3.path, "--output", "pulse:unix:\(sound.runtimeDirectory.path)/pulse/native", "--quiet"], home: home,
            environment: environment.merging(["XDG_RUNTIME_DIR": home.path, "HOME": home.path]) { $1 })
        defer { player.killNow() }
        let started = Date()
        try waitFor {
            try PodlineBinary.run(["status", "--json"], home: home, environment: environment).stdout.contains(#""state":"playing""#)
        }
        let on = try PodlineBinary.run(["silence", "on"], home: home, environment: environment)
        #expect(on.status == 0, "\(on.stderr)")
        var saved = 0.0
        try waitFor {
            let status = try PodlineBinary.run(["status", "--json"], home: home, environment: environment)
            let object = try JSONSerialization.jsonObject(with: status.stdoutData) as? [String: Any]
            saved = object?["time_saved"] as? Double ?? saved
            if object?["skip_silence"] as? Bool == false, object?["state"] as? String == "playing" {
                throw TestSupportError("status says skip_silence is off: \(status.stdout)")
            }
            return saved > 3 || object?["state"] as? String == "stopped"
        }
        #expect(saved > 3, "time_saved \(saved)")
        try waitFor { !player.process.isRunning }
        let took = Date().timeIntervalSince(started)
        recording.waitForSilence()
        let heard = try recording.stop()
        #expect(took < 13 - 3, "played for \(took) s")
        #expect(Self.soundRuns(heard).count == 5, "\(Self.soundRuns(heard))")
    }

    /// Waits up to 20 s for `condition`.
    private func waitFor(_ condition: () throws -> Bool) throws {
        guard try poll(timeout: 20, condition, until: { $0 }) else { throw TestSupportError("timed out") }
    }
}
