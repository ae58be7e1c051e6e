import Foundation
import TestSupport
import Testing

/// `podline play` with an M4A or an Opus file where the network or the sound server makes it hard, end to end: the
/// real binary, a server that breaks off, a seek while the file is still coming, a private PulseAudio null sink.
@Suite("other formats over a flaky network and on a real sound server", .serialized)
struct OtherFormatsStreamingTests {
    /// `lavfi` input `source` encoded by ffmpeg with `codec` into `folder/name`.
    private static func make(_ name: String, _ codec: [String], source: [String], in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try CommandRunner.tool("ffmpeg", ["-v", "error", "-y"] + source + codec + [url.path])
        return url
    }

    /// Two tones, one a channel, `seconds` at 44.1 kHz.
    private static func tones(_ seconds: Int) -> [String] {
        ["-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t)|0.3*sin(2*PI*660*t):s=44100:d=\(seconds)"]
    }

    /// A tone gliding up from 200 Hz on the left (so that no stretch of it repeats another), 660 Hz on the right.
    private static func glide(_ seconds: Int) -> [String] {
        ["-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*(200*t+40*t*t))|0.3*sin(2*PI*660*t):s=44100:d=\(seconds)"]
    }

    /// Where the top-level MP4 box `type` starts, walking the boxes from the file's start.
    private static func box(_ type: String, in file: URL) throws -> Int? {
        let bytes = [UInt8](try Data(contentsOf: file))
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if size == 1, offset + 16 <= bytes.count { size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == type { return offset }
            guard size >= 8 else { return nil }
            offset += size
        }
        return nil
    }

    // MARK: a connection that breaks off

    @Test(
        "a connection that breaks off every 64 kB mid-M4A (index at the front, or at the end) is reopened: the whole M4A plays as ffmpeg decodes it",
        arguments: ["front.m4a", "end.m4a"])
    func droppedConnection(_ name: String) throws {
        let folder = try Fixtures.temporaryDirectory("pl-m4a-drop")
        let served = try Fixtures.subfolder("served", in: folder)
        let faststart = name == "front.m4a" ? ["-movflags", "+faststart"] : []
        let file = try Self.make(name, ["-c:a", "aac", "-b:a", "96k"] + faststart, source: Self.tones(12), in: served)
        let moov = try #require(try Self.box("moov", in: file), "\(name) has no moov box")
        let mdat = try #require(try Self.box("mdat", in: file), "\(name) has no mdat box")
        try #require((moov < mdat) == (name == "front.m4a"), "\(name): moov at \(moov), mdat at \(mdat)")
        let size = try Data(contentsOf: file).count
        try #require(size > 2 * 65_536, "\(name) is \(size) bytes: the server would not break off twice")
        let reference = try FFmpegDecoding.samples(of: file)
        let web = try SlowFileServer(folder: served, chunkBytes: 16_384, delay: 0, dropAfter: 65_536)
        defer { web.stop() }
        let out = folder.appendingPathComponent(name + ".wav")
        let started = Date()
        let result = try PodlineBinary.run(["play", web.url(name), "--output", "wav:\(out.path)", "--verbose"], home: folder, timeout: 90)
        #expect(!result.timedOut, "\(name): still playing after 90 s")
        #expect(result.status == 0, "\(name): exit \(result.status): \(result.stderr)")
        let played = try WAVFile(url: out)
        #expect(played.channels == 2 && played.sampleRate == 44_100, "\(name)")
        #expect(
            played.samples.count == reference.count,
            "\(name): \(played.frameCount) frames written, ffmpeg decodes \(reference.count / 2); took \(Date().timeIntervalSince(started)) s"
        )
        if let first = played.samples.indices.first(where: { $0 < reference.count && played.samples[$0] != reference[$0] }) {
            Issue.record("\(name): the first sample unlike ffmpeg's is sample \(first) (frame \(first / 2) of \(reference.count / 2))")
        }
        // The breaks were met, and said once a transfer (-v): the test did not pass for lack of them.
        #expect(result.stderrLines.contains { $0.contains("reconnecting") }, "\(name): no reconnection was said: \(result.stderr)")
    }

    // MARK: a seek while streaming

    /// A 180 s sweep, linear from 300 Hz to 3000 Hz, so that the frequency heard says where in the episode the sound
    /// comes from.
    private static func sourceTime(_ frequency: Double) -> Double { (frequency - 300) / 15 }

    @Test(
        "a seek to 150 s while an M4A (index at the end) streams over HTTP: fetched with a Range request, status and what is heard go on from 150 s"
    )
    func seekWhileStreaming() throws {
        let home = try Fixtures.temporaryDirectory("pl-m4a-seek")
        defer { try? FileManager.default.removeItem(at: home) }
        let served = try Fixtures.subfolder("served", in: home)
        let sweep = served.appendingPathComponent("sweep.wav").path
        try CommandRunner.tool(
            "sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", sweep, "synth", "180", "sine", "300:3000", "vol", "0.5"])
        let file = try Self.make("sweep.m4a", ["-c:a", "aac", "-b:a", "96k"], source: ["-i", sweep], in: served)
        try? FileManager.default.removeItem(atPath: sweep)
        let moov = try #require(try Self.box("moov", in: file))
        let mdat = try #require(try Self.box("mdat", in: file))
        try #require(moov > mdat, "the index is not at the end: moov at \(moov), mdat at \(mdat)")
        // 160 kB/s, about 13 times as fast as the file plays: 150 s is minutes of transfer away when the seek comes.
        let web = try SlowFileServer(folder: served, chunkBytes: 16_384, delay: 0.1)
        defer { web.stop() }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": home.path, "HOME": home.path, "NO_COLOR": "1"]
        func podline(_ arguments: [String]) throws -> ProcessResult {
            try PodlineBinary.run(arguments, home: home, environment: environment, timeout: 15)
        }
        func status() throws -> (position: Double, text: String) {
            let result = try podline(["status", "--json"])
            let object = (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any]
            let position = (object?["position"] as? NSNumber)?.doubleValue ?? -1
            return (object?["state"] as? String == "playing" ? position : -1, result.stdout + result.stderr)
        }
        let recording = try pulse.record()
        var recorded: WAVFile?
        defer { if recorded == nil { _ = try? recording.stop() } }
        let errors = home.appendingPathComponent("player.stderr")
        let player = try BackgroundProcess.podline(
            ["play", web.url("sweep.m4a"), "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet"],
            home: home, environment: environment, stderr: errors)
        defer { player.killNow() }
        let playerErrors = { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

        let before = try poll(timeout: 20, every: 0.05, status) { $0.position >= 2 }
        try #require(before.position >= 2, "never 2 s into the sweep: \(before.text); player stderr: \(playerErrors())")
        let seek = try podline(["seek", "150"])
        let seekSent = Date()
        #expect(seek.status == 0, "seek 150: \(seek.stderr)")
        let sought = try poll(timeout: 10, every: 0.05, status) { $0.position >= 150 }
        let took = Date().timeIntervalSince(seekSent)
        #expect(
            sought.position >= 150 && sought.position <= 153,
            "seek 150 at \(before.position) s: \(sought.text); player stderr: \(playerErrors())")
        #expect(took < 3, "the position reached 150 s \(took) s after the seek")
        // 1.5 s more heard after the seek, then the recording ends.
        let late = try poll(timeout: 10, every: 0.05, status) { $0.position >= sought.position + 1.5 }
        let sound = try recording.stop()
        recorded = sound
        _ = try podline(["stop"])
        #expect(player.wait(timeout: 10) != nil, "the player did not exit after stop")

        // What the null sink heard, 0.25 s at a time: where each piece comes from in the sweep, and which are silent.
        let signal = sound.mono()
        let span = try #require(SoundAnalysis.audibleSpan(signal), "nothing was heard; player stderr: \(playerErrors())")
        let window = sound.sampleRate / 4
        let starts = Array(stride(from: span.lowerBound, to: span.upperBound - window, by: window))
        let silent = starts.map { SoundAnalysis.rms(signal[$0..<$0 + window]) < 0.01 }
        let times = starts.map {
            Self.sourceTime(
                SoundAnalysis.dominantFrequency(Array(signal[$0..<$0 + window]), sampleRate: sound.sampleRate, low: 250, high: 3100))
        }
        let described = zip(times, silent).map { $1 ? "-" : String(format: "%.1f", $0) }.joined(separator: " ")
        let heard = zip(times, silent).filter { !$1 }.map(\.0)
        let first = try #require(heard.dropFirst().first, "under 0.5 s heard: \(described)")
        #expect(first <= 1, "the first sound heard is from \(first) s, not the start: \(described)")
        // Before the seek, the start of the sweep; after it, from 150 s on; nothing of what lies between but, at most,
        // the one piece across the jump.
        let between = heard.filter { $0 > before.position + 3 && $0 < 149.5 }
        #expect(between.count <= 1, "sound from between \(before.position) s and 150 s was heard: \(described)")
        #expect(heard.contains { $0 >= 149.5 }, "nothing from 150 s on was heard: \(described)")
        let last = try #require(heard.last)
        #expect(last >= 150 && last <= 157, "the last sound heard, after seek 150, is from \(last) s: \(described)")
        #expect(
            abs(last - late.position) <= 1.2,
            "status said \(late.position) when the recording ended, the sound then was from \(last) s: \(described)")
        // The seek was fetched from its place (a Range request), not read through: the silence it left is short.
        let longestSilence = silent.split(separator: false).map(\.count).max() ?? 0
        #expect(Double(longestSilence) / 4 <= 2, "a silence of \(Double(longestSilence) / 4) s was heard: \(described)")
    }

    // MARK: heard through PulseAudio

    /// The offset (in frames) at which `part` of `reference` sits in `recording`, every sample within `tolerance`.
    private static func offset(of part: Range<Int>, of reference: [Int16], in recording: [Int16], tolerance: Int) -> Int? {
        let frames = recording.count / 2
        guard part.count > 0, frames >= part.count else { return nil }
        for at in 0...(frames - part.count) {
            var same = true
            for index in 2 * part.lowerBound..<2 * part.upperBound
            where abs(Int(recording[2 * (at - part.lowerBound) + index]) - Int(reference[index])) > tolerance {
                same = false
                break
            }
            if same { return at - part.lowerBound }
        }
        return nil
    }

    /// Checks that `sound` (a recording of the null sink's monitor) holds `reference` (44.1 kHz stereo), every sample
    /// within `tolerance`, to its last frame, and silence after it (within `quiet`). The monitor can miss the first
    /// tens of milliseconds of a stream (pacat's too, up to 100 ms after the sink was idle): the recording is placed by
    /// 0.1 s from the middle of the episode, and is compared from 0.15 s on.
    /// `resamplerTail`: frames at the very end left out of the comparison, where another resampler's filter runs out
    /// of input (how PulseAudio drains its filter at a stream's end depends on timing: the last 9 frames of a 3 s
    /// file differed by up to 1072 in one run of two).
    private static func check(
        _ sound: WAVFile, holds reference: [Int16], tolerance: Int, quiet: Int, resamplerTail: Int = 0, _ what: String
    ) {
        let frames = reference.count / 2
        let anchor = frames / 2..<frames / 2 + 4_410
        guard let shift = offset(of: anchor, of: reference, in: sound.samples, tolerance: tolerance) else {
            Issue.record("\(what): 0.1 s from its middle is nowhere in the \(sound.duration) s heard")
            return
        }
        let missing = max(0, -shift)
        #expect(missing <= 6_615, "\(what): the first \(missing) frames were not heard")
        let recorded = sound.samples.count / 2
        #expect(shift + frames <= recorded, "\(what): the last \(shift + frames - recorded) frames of \(frames) were not heard")
        var unlike: [Int] = []
        var worst = 0
        for frame in max(6_615, missing)..<min(frames - resamplerTail, recorded - shift) {
            for channel in 0..<2 {
                let difference = abs(Int(sound.samples[2 * (shift + frame) + channel]) - Int(reference[2 * frame + channel]))
                if difference > tolerance { unlike.append(frame) }
                worst = max(worst, difference)
            }
        }
        #expect(
            unlike.isEmpty,
            "\(what): \(unlike.count) samples off by more than \(tolerance), the first at frame \(unlike.first ?? 0) of \(frames), the most \(worst)"
        )
        // A resampler's last filter taps ring on for as long as its tail is left out of the comparison above.
        let after = sound.samples.dropFirst(2 * min(recorded, shift + frames + resamplerTail))
        let loudest = after.map { abs(Int($0)) }.max() ?? 0
        #expect(loudest <= quiet, "\(what): sound after the episode's end, up to \(loudest)")
    }

    @Test(
        "an M4A played into a private PulseAudio null sink is heard as ffmpeg decodes it, sample for sample, to its end; an Opus file as ffmpeg decodes and resamples it"
    )
    func heardThroughPulse() throws {
        let folder = try Fixtures.temporaryDirectory("pl-m4a-pulse")
        let m4a = try Self.make("talk.m4a", ["-c:a", "aac", "-b:a", "96k"], source: Self.glide(4), in: folder)
        let opus = try Self.make("talk.opus", ["-c:a", "libopus", "-b:a", "64k"], source: Self.glide(3), in: folder)
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let output = "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native"
        for file in [m4a, opus] {
            let recording = try pulse.record()
            let result = try PodlineBinary.run(["play", file.path, "--output", output], home: folder, timeout: 30)
            recording.waitForSilence()
            let sound = try recording.stop()
            #expect(result.status == 0, "\(file.lastPathComponent): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(file.lastPathComponent): \(result.stderr)")
            if file == m4a {
                // The null sink runs at the M4A's rate (44.1 kHz): what it heard is the decoded samples themselves.
                Self.check(sound, holds: try FFmpegDecoding.samples(of: m4a), tolerance: 1, quiet: 1, "talk.m4a")
            } else {
                // The Opus file decodes at 48 kHz and is resampled for the sink: what it heard is ffmpeg's decoding
                // resampled, within 0.5 % of full scale (another resampler), with at most its ringing after the end.
                let resampled = try FFmpegDecoding.samples(of: opus, rate: 44_100)
                Self.check(sound, holds: resampled, tolerance: 164, quiet: 164, resamplerTail: 64, "talk.opus")
            }
        }
    }

    // MARK: a file cut short

    @Test(
        "an M4A cut short (its index at the front promises 20 s) plays what it has, then says so as a truncated MP3 does, exit 2: from a file, and streamed with Range requests"
    )
    func truncatedM4A() throws {
        let folder = try Fixtures.temporaryDirectory("pl-m4a-cut")
        let served = try Fixtures.subfolder("served", in: folder)
        let whole = try Self.make(
            "whole.m4a", ["-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart"], source: Self.tones(20), in: folder)
        let bytes = try Data(contentsOf: whole)
        let cut = served.appendingPathComponent("cut.m4a")
        try bytes.prefix(bytes.count * 2 / 5).write(to: cut)
        let web = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        for name in [cut.path, web.url("cut.m4a")] {
            let out = folder.appendingPathComponent("cut-\(name.hasPrefix("/") ? "file" : "stream").wav")
            let result = try PodlineBinary.run(["play", name, "--output", "wav:\(out.path)"], home: folder, timeout: 60)
            #expect(result.status == 2, "\(name): \(result.stderr)")
            #expect(result.stderrLines.count == 1, "\(name): \(result.stderr)")
            let line = try #require(result.stderrLines.first)
            #expect(line.hasPrefix("podline: \(name): file is truncated: played ") && line.hasSuffix(" of 20.0 s"), "\(line)")
            // What the file holds was played first: about two fifths of it.
            let played = try WAVFile(url: out).duration
            #expect(played > 6 && played < 9, "\(name): \(played) s")
            let said = line.split(separator: " ").drop { $0 != "played" }.dropFirst().first.flatMap { Double($0) }
            #expect(said.map { abs($0 - played) < 0.15 } == true, "\(line) against \(played) s written")
        }
        // The whole file is no truncation.
        let full = try PodlineBinary.run(["play", whole.path, "--output", "wav:\(folder.path)/whole.wav"], home: folder, timeout: 60)
        #expect(full.status == 0 && full.stderr.isEmpty, "\(full.stderr)")
    }
}
