import Foundation
import TestSupport
import Testing

/// The programs these tests need besides podline that are missing.
private let realNetworkMissingTools = ["pulseaudio", "parec", "sox", "lame", "python3"].filter { CommandRunner.which($0) == nil }

/// A listener's day off loopback: a stream slower than its bitrate, a player stopped and continued, a far seek in a
/// streamed MP3, and a null output. Each plays one of the linear sweeps of `StreamedPositionTests` into a private
/// PulseAudio, recorded, so the frequency heard says which second of the episode was heard.
@Suite(
    "a listener's day on a real network", .serialized,
    .enabled(if: realNetworkMissingTools.isEmpty, "needs \(realNetworkMissingTools.joined(separator: ", "))"))
struct RealNetworkTests {
    /// A folder of its own holding the sweep `name`, so that the server's request log is this test's alone.
    static func servedAlone(_ name: StreamedPositionTests.Kind) throws -> URL {
        let shared = try StreamedPositionTests.served.get()
        let folder = try Fixtures.temporaryDirectory("pl-net")
        try FileManager.default.copyItem(
            at: shared.appendingPathComponent(name.rawValue), to: folder.appendingPathComponent(name.rawValue))
        return folder
    }

    /// Which second of the sweep each quarter second of `sound` holds, from its first audible sample on; nil where it
    /// is silent.
    static func heardSeconds(_ sound: WAVFile) -> [Double?] {
        let signal = sound.mono()
        let window = sound.sampleRate / 4
        guard let span = SoundAnalysis.audibleSpan(signal) else { return [] }
        return stride(from: span.lowerBound, to: span.upperBound - window, by: window).map { start in
            let piece = signal[start..<start + window]
            guard SoundAnalysis.rms(piece) > 0.05 else { return nil }
            return StreamedPositionTests.sourceTime(
                StreamedPositionTests.frequency(signal, from: start, sampleRate: sound.sampleRate))
        }
    }

    static func describe(_ seconds: [Double?]) -> String {
        seconds.map { $0.map { String(format: "%.1f", $0) } ?? "-" }.joined(separator: " ")
    }

    /// The largest move forward between two audible quarters in a row (silences between them left out): what was
    /// skipped, plus a quarter second.
    static func largestJump(_ seconds: [Double?]) -> Double {
        let heard = seconds.compactMap { $0 }
        return zip(heard, heard.dropFirst()).map { $1 - $0 }.max() ?? 0
    }

    @Test("a 32 kb/s MP3 stream served at 3.2 kB/s: buffering in status, sound after each refill, nothing skipped, one warning")
    func slowerThanItsBitrate() throws {
        // 320 bytes every 0.1 s: 80 % of what the episode plays.
        try Self.playSlowly(in: try Self.servedAlone(.cbrMono), name: StreamedPositionTests.Kind.cbrMono.rawValue, chunkBytes: 320)
    }

    @Test("a 32 kb/s Opus stream served at 3.2 kB/s (its length in time unknown ahead): the same")
    func opusSlowerThanItsBitrate() throws {
        let folder = try Fixtures.temporaryDirectory("pl-net-opus")
        let wav = folder.appendingPathComponent("sweep.wav").path
        try CommandRunner.tool("sox", ["-n", "-r", "48000", "-c", "1", "-b", "16", wav, "synth", "180", "sine", "300:3000", "vol", "0.5"])
        try CommandRunner.tool(
            "opusenc", ["--quiet", "--bitrate", "32", "--hard-cbr", wav, folder.appendingPathComponent("sweep.opus").path])
        try FileManager.default.removeItem(atPath: wav)
        // 4.1 kB/s of audio, 3.2 kB/s of link: 78 %.
        try Self.playSlowly(in: folder, name: "sweep.opus", chunkBytes: 320)
    }

    /// Plays the sweep `name` from a server sending `chunkBytes` every 0.1 s into a recorded PulseAudio for 22 s, and
    /// checks what status said and what was heard.
    static func playSlowly(in folder: URL, name: String, chunkBytes: Int) throws {
        let web = try SlowFileServer(folder: folder, chunkBytes: chunkBytes, delay: 0.1)
        defer { web.stop() }
        let home = try Fixtures.temporaryDirectory("pl-net-slow")
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let shell = StreamShell(home: home)
        let recording = try pulse.record()
        var recorded: WAVFile?
        defer { if recorded == nil { _ = try? recording.stop() } }
        let errors = home.appendingPathComponent("player.stderr")
        let player = try BackgroundProcess.podline(
            [
                "play", web.url(name), "--output",
                "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet",
            ],
            home: home, environment: shell.environment, stderr: errors)
        defer { player.killNow() }
        let playerErrors = { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

        var states: [String] = []
        let deadline = Date().addingTimeInterval(22)
        var last = try shell.status()
        while Date() < deadline {
            last = try shell.status()
            if let state = last.state, states.last != state { states.append(state) }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let sound = try recording.stop()
        recorded = sound
        _ = try shell.podline(["stop"])

        #expect(states.contains("buffering"), "status never said buffering: \(states); player stderr: \(playerErrors())")
        #expect(states.contains("playing"), "status never said playing: \(states)")
        let seconds = Self.heardSeconds(sound)
        let heard = seconds.compactMap { $0 }
        // Before, the first underrun left the rest in the past: half a second heard in 22 s.
        #expect(Double(heard.count) / 4 >= 8, "only \(heard.count) quarter seconds heard: \(Self.describe(seconds))")
        #expect(Self.largestJump(seconds) <= 0.75, "something was skipped: \(Self.describe(seconds))")
        let final = try #require(heard.last)
        #expect(
            abs(final - last.position) <= 1.2,
            "status said \(last.position) at the end, the sound then was from \(final) s: \(Self.describe(seconds))")
        let warnings = playerErrors().split(separator: "\n").filter { $0.contains("slower than") }
        #expect(warnings.count == 1, "player stderr: \(playerErrors())")
    }

    @Test("a player stopped for 6 s with SIGSTOP plays on from the next second it had not played after SIGCONT")
    func stoppedAndContinued() throws {
        let folder = try Self.servedAlone(.vbrStereo)
        let home = try Fixtures.temporaryDirectory("pl-net-stop")
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let shell = StreamShell(home: home)
        let recording = try pulse.record()
        var recorded: WAVFile?
        defer { if recorded == nil { _ = try? recording.stop() } }
        let player = try BackgroundProcess.podline(
            [
                "play", folder.appendingPathComponent(StreamedPositionTests.Kind.vbrStereo.rawValue).path, "--output",
                "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet",
            ],
            home: home, environment: shell.environment, stderr: home.appendingPathComponent("player.stderr"))
        defer { player.killNow() }
        _ = try shell.waitForStatus { $0.position >= 3 }
        kill(player.pid, SIGSTOP)
        Thread.sleep(forTimeInterval: 6)
        kill(player.pid, SIGCONT)
        Thread.sleep(forTimeInterval: 3)
        let after = try shell.status()
        let sound = try recording.stop()
        recorded = sound
        _ = try shell.podline(["stop"])

        let seconds = Self.heardSeconds(sound)
        let quiet = seconds.split(whereSeparator: { $0 != nil }).map(\.count).max() ?? 0
        // The stop is heard as a silence of about 5 s (the second the sound server held plays out first).
        #expect(quiet >= 12, "no silence while stopped: \(Self.describe(seconds))")
        #expect(Self.largestJump(seconds) <= 0.75, "seconds not played were skipped: \(Self.describe(seconds))")
        let final = try #require(seconds.compactMap { $0 }.last)
        // Before, 3 s after SIGCONT the sound was at 12 s, not about 7 s: the stop's length was skipped.
        #expect(final <= 9, "3 s after SIGCONT the sound is from \(final) s: \(Self.describe(seconds))")
        #expect(abs(final - after.position) <= 1.2, "status \(after.position), heard \(final): \(Self.describe(seconds))")
    }

    @Test("after a pause of 3 s, status moves on within a second of resume and keeps up with what is heard")
    func resumeAfterALongPause() throws {
        let folder = try Self.servedAlone(.vbrStereo)
        let home = try Fixtures.temporaryDirectory("pl-net-resume")
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let shell = StreamShell(home: home)
        let recording = try pulse.record()
        var recorded: WAVFile?
        defer { if recorded == nil { _ = try? recording.stop() } }
        let player = try BackgroundProcess.podline(
            [
                "play", folder.appendingPathComponent(StreamedPositionTests.Kind.vbrStereo.rawValue).path, "--output",
                "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet",
            ],
            home: home, environment: shell.environment, stderr: home.appendingPathComponent("player.stderr"))
        defer { player.killNow() }
        _ = try shell.waitForStatus { $0.position >= 2 }
        _ = try shell.podline(["pause"])
        let paused = try shell.waitForStatus { $0.state == "paused" }.position
        Thread.sleep(forTimeInterval: 3)
        _ = try shell.podline(["resume"])
        let resumed = Date()
        // Before, the server asked for all it had read past the end while paused, the whole of it was written at once,
        // and status held the place of the pause for as long as the pause had lasted.
        let moving = try shell.waitForStatus(timeout: 4) { $0.position > paused + 0.3 }
        let took = Date().timeIntervalSince(resumed)
        #expect(moving.position > paused + 0.3 && took < 1.2, "status \(moving.position) \(took) s after resume; paused at \(paused)")
        Thread.sleep(forTimeInterval: max(0, 3 - took))
        let after = try shell.status()
        let sound = try recording.stop()
        recorded = sound
        _ = try shell.podline(["stop"])
        let seconds = Self.heardSeconds(sound)
        let final = try #require(seconds.compactMap { $0 }.last)
        #expect(abs(final - after.position) <= 0.75, "status \(after.position), heard \(final): \(Self.describe(seconds))")
        #expect(Self.largestJump(seconds) <= 0.75, "a part was skipped: \(Self.describe(seconds))")
    }

    @Test("seek 150 in a streamed 180 s MP3 asks the server for a range near 150 s and is heard there; seek 60 then too")
    func farSeekAsksForItsPlace() throws {
        let kind = StreamedPositionTests.Kind.vbrStereo
        let folder = try Self.servedAlone(kind)
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(kind.rawValue).path)[.size] as? Int)
        // 100 kB/s: the whole file would take about 30 s to reach 150 s.
        let web = try SlowFileServer(folder: folder, chunkBytes: 10_000, delay: 0.1)
        defer { web.stop() }
        let home = try Fixtures.temporaryDirectory("pl-net-seek")
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let shell = StreamShell(home: home)
        let player = try BackgroundProcess.podline(
            ["play", web.url(kind.rawValue), "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet"],
            home: home, environment: shell.environment, stderr: home.appendingPathComponent("player.stderr"))
        defer { player.killNow() }
        _ = try shell.waitForStatus { $0.state == "playing" && $0.position >= 1 }
        let recording = try pulse.record()
        var recorded: WAVFile?
        defer { if recorded == nil { _ = try? recording.stop() } }
        let asked = Date()
        #expect(try shell.podline(["seek", "150"]).status == 0)
        let there = try shell.waitForStatus(timeout: 10) { $0.position >= 151.5 }
        let took = Date().timeIntervalSince(asked)
        // Back to a place never read (the player has read only its first seconds and what follows 150 s).
        let askedBack = Date()
        #expect(try shell.podline(["seek", "60"]).status == 0)
        let back = try shell.waitForStatus(timeout: 10) { $0.position >= 61.5 && $0.position < 100 }
        let tookBack = Date().timeIntervalSince(askedBack)
        let sound = try recording.stop()
        recorded = sound
        _ = try shell.podline(["stop"])

        let ranges = web.requests(for: kind.rawValue).compactMap { range -> Int? in
            guard range.hasPrefix("bytes=") else { return nil }
            return Int(range.dropFirst(6).split(separator: "-").first ?? "")
        }
        let expected = size * 150 / 180
        #expect(
            ranges.contains { abs($0 - expected) <= size / 20 },
            "no request near byte \(expected) of \(size): \(web.requests(for: kind.rawValue))")
        #expect(
            ranges.contains { abs($0 - size * 60 / 180) <= size / 20 },
            "no request near byte \(size * 60 / 180) of \(size): \(web.requests(for: kind.rawValue))")
        #expect(took < 8, "1.5 s after the seek was heard \(took) s after it")
        #expect(tookBack < 8, "1.5 s after the seek back was heard \(tookBack) s after it")
        let seconds = Self.heardSeconds(sound)
        let heard = seconds.compactMap { $0 }
        let afterSeek = heard.prefix { $0 >= 140 || $0 < 20 }.filter { $0 >= 140 }
        let first = try #require(afterSeek.dropFirst().first, "nothing heard after the seek: \(Self.describe(seconds))")
        #expect(abs(first - 150) <= 1.5, "the seek was heard from \(first) s: \(Self.describe(seconds))")
        #expect(
            abs(afterSeek.last! - there.position) <= 1.5, "status \(there.position), heard \(afterSeek.last!): \(Self.describe(seconds))")
        let afterBack = heard.drop { $0 >= 20 && $0 < 50 || $0 >= 140 || $0 < 20 }
        let firstBack = try #require(afterBack.dropFirst().first, "nothing heard after the seek back: \(Self.describe(seconds))")
        #expect(abs(firstBack - 60) <= 1.5, "the seek back was heard from \(firstBack) s: \(Self.describe(seconds))")
        let final = try #require(afterBack.last)
        #expect(abs(final - back.position) <= 1.2, "status \(back.position), heard \(final): \(Self.describe(seconds))")
    }

    @Test("--output null plays in real time; --fast decodes as fast as it can")
    func nullOutputIsRealTime() throws {
        let home = try Fixtures.temporaryDirectory("pl-net-null")
        let mp3 = try Fixtures.toneMP3(in: home, seconds: 3)
        let started = Date()
        let paced = try PodlineBinary.run(["play", mp3.path, "--output", "null", "--quiet"], home: home, timeout: 30)
        let pacedTook = Date().timeIntervalSince(started)
        #expect(paced.status == 0, "\(paced.stderr)")
        #expect(pacedTook >= 2.8, "3 s played into null in \(pacedTook) s")
        let again = Date()
        let fast = try PodlineBinary.run(
            ["play", mp3.path, "--output", "null", "--fast", "--no-resume", "--quiet"], home: home, timeout: 30)
        #expect(fast.status == 0, "\(fast.stderr)")
        #expect(Date().timeIntervalSince(again) < 2.5, "--fast took as long as the audio")
    }
}
