import Foundation
import TestSupport
import Testing

@testable import AudioEngine

@Suite("Pause on a real sound server", .serialized)
struct PauseTests {
    @Test("pause leaves a silence of the paused length, takes effect within 50 ms, and loses no audio")
    func pauseHoldsOutput() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 3, frequency: 880)
        let server = try PulseAudioServer()
        defer { server.stop() }
        let recording = try server.record()
        let started = Date()
        let (engine, log) = EnginePlaying.start(mp3, on: server, until: 1)
        engine.pause()
        let pausedAt = Date()
        // The pause's length is what is measured: 1.5 s of silence.
        usleep(1_500_000)
        let positionsWhilePaused = Set(log.positions(from: pausedAt.addingTimeInterval(0.1), to: Date()))
        engine.resume()
        #expect(log.waitForEnd() == .eof)
        let elapsed = Date().timeIntervalSince(started)
        engine.shutdown()
        recording.waitForSilence()
        let heard = try recording.stop().mono()
        #expect(log.events.contains { $0.1 == .paused })
        #expect(positionsWhilePaused.count <= 1, "the position moved while paused: \(positionsWhilePaused)")
        let pauseEvent = try #require(log.events.first { $0.1 == .paused })
        #expect(pauseEvent.0.timeIntervalSince(pausedAt) < 0.1, "the pause took effect after \(pauseEvent.0.timeIntervalSince(pausedAt)) s")
        #expect(elapsed - started.distance(to: pausedAt) > 3.0, "the run ended \(elapsed) s after starting")
        let span = try #require(SoundAnalysis.audibleSpan(heard))
        let block = 441
        var longest = 0
        var run = 0
        var loud = 0
        for start in stride(from: span.lowerBound, to: span.upperBound - block, by: block) {
            if SoundAnalysis.rms(heard[start..<start + block]) < 0.005 {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
                loud += 1
            }
        }
        let gap = Double(longest * block) / 44_100
        #expect(abs(gap - 1.5) < 0.2, "a silence of \(gap) s for a 1.5 s pause")
        let toneHeard = Double(loud * block) / 44_100
        #expect(abs(toneHeard - 3) < 0.1, "heard \(toneHeard) s of the 3 s tone")
    }
}

extension PauseTests {
    /// What `pactl` says of the server's playback streams: "yes" or "no" for each, in order.
    private func corked(on server: PulseAudioServer) throws -> [String] {
        let pactl = try #require(CommandRunner.which("pactl"))
        let listed = try CommandRunner.run(pactl, ["list", "sink-inputs"], environment: server.environment)
        return listed.stdout.split(separator: "\n").compactMap { line in
            let words = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            return words.count == 2 && words[0] == "Corked" ? words[1] : nil
        }
    }

    @Test("a paused stream is corked once its fade is heard, so the sound thread sleeps; resume uncorks it and plays on")
    func pauseCorks() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 2, frequency: 660)
        let server = try PulseAudioServer()
        defer { server.stop() }
        let recording = try server.record()
        let (engine, log) = EnginePlaying.start(mp3, on: server, until: 0.5)
        #expect(try corked(on: server) == ["no"])
        engine.pause()
        // The fade and what was queued (at most a second) are heard first, then the stream is corked.
        let pausedAt = Date()
        var states = try corked(on: server)
        while states != ["yes"], Date().timeIntervalSince(pausedAt) < 3 {
            usleep(50_000)
            states = try corked(on: server)
        }
        #expect(states == ["yes"], "still \(states) \(Date().timeIntervalSince(pausedAt)) s after the pause")
        engine.resume()
        #expect(log.waitForEnd() == .eof)
        engine.shutdown()
        recording.waitForSilence()
        let heard = try recording.stop().mono()
        let loud = stride(from: 0, to: heard.count - 441, by: 441).filter { SoundAnalysis.rms(heard[$0..<$0 + 441]) >= 0.005 }
        let toneHeard = Double(loud.count * 441) / 44_100
        #expect(abs(toneHeard - 2) < 0.1, "heard \(toneHeard) s of the 2 s tone")
    }
}

@Suite("Volume changes on a real sound server", .serialized)
struct VolumeChangeTests {
    @Test("volume changes sent back to back, then a pause: every part heard once, ramped, at the last volume")
    func backToBackVolumes() throws {
        let folder = try Fixtures.temporaryDirectory()
        // 441 Hz: one period is exactly 100 samples, so per-period peaks trace the envelope.
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 3, frequency: 441, amplitude: 0.8)
        let server = try PulseAudioServer()
        defer { server.stop() }
        let recording = try server.record()
        let (engine, log) = EnginePlaying.start(mp3, on: server, until: 0.8)
        for volume in [50.0, 30, 90, 60] { engine.setVolume(volume) }
        // The ramps to the last volume are heard (0.3 s of playing), then a 0.5 s pause.
        usleep(300_000)
        engine.pause()
        usleep(500_000)
        engine.resume()
        #expect(log.waitForEnd() == .eof)
        engine.shutdown()
        recording.waitForSilence()
        let heard = try recording.stop().mono()
        let span = try #require(SoundAnalysis.audibleSpan(heard))
        let signal = Array(heard[span])
        let peaks = SoundAnalysis.periodPeaks(signal)
        let sounding = peaks.filter { $0 > 0.02 }.count
        #expect(abs(Double(sounding) * 100 / 44_100 - 3) < 0.1, "heard \(Double(sounding) * 100 / 44_100) s of the 3 s tone")
        let final = 0.8 * Gain(volume: 60).factor  // low enough that the 10 ms pause fade stays within the step limit
        #expect(abs(peaks[peaks.count - 20] - final) < 0.02, "the level at the end is \(peaks[peaks.count - 20]), not \(final)")
        let largest = SoundAnalysis.largestStep(peaks)
        #expect(largest.step < 0.07, "largest step between periods \(largest.description)")
    }
}

/// An engine playing a file into a private PulseAudio server.
enum EnginePlaying {
    /// Starts `file` on `server` and returns once the engine reports `position` seconds played (or 10 s passed).
    static func start(_ file: URL, on server: PulseAudioServer, until position: Double) -> (PlaybackEngine, TimedEventLog) {
        let log = TimedEventLog()
        let output = OutputSpec(driver: "pulse", path: "unix:\(server.runtimeDirectory.path)/pulse/native")
        let engine = PlaybackEngine(output: output) { log.append($0) }
        engine.load(.file(path: file.path))
        _ = poll(timeout: 10, every: 0.005, { log.lastPosition }, until: { $0 >= position })
        return (engine, log)
    }
}

/// Engine events with the time they arrived.
final class TimedEventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(Date, EngineEvent)] = []

    func append(_ event: EngineEvent) { lock.withLock { stored.append((Date(), event)) } }
    var events: [(Date, EngineEvent)] { lock.withLock { stored } }

    /// Positions reported between two moments.
    func positions(from: Date, to: Date) -> [Double] {
        events.compactMap { date, event in
            if case let .position(seconds) = event, date >= from, date <= to { return seconds }
            return nil
        }
    }

    /// The last position reported, 0 before any.
    var lastPosition: Double { positions(from: .distantPast, to: .distantFuture).last ?? 0 }

    /// The reason of the first `ended` event, nil before one.
    var endReason: EngineEndReason? {
        for case let (_, .ended(reason, _)) in events { return reason }
        return nil
    }

    /// Waits for an `ended` event and returns its reason.
    func waitForEnd(timeout: TimeInterval = 30) -> EngineEndReason? {
        poll(timeout: timeout, every: 0.01, { endReason }, until: { $0 != nil })
    }
}

@Suite("A sound server that restarts", .serialized)
struct OutputRecoveryTests {
    @Test("if the output fails mid-play (the sound server restarted), the engine reopens it and goes on")
    func reopensOutput() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 5, frequency: 700)
        let server = try PulseAudioServer()
        defer { server.stop() }
        let log = TimedEventLog()
        let output = OutputSpec(driver: "pulse", path: "unix:\(server.runtimeDirectory.path)/pulse/native")
        let engine = PlaybackEngine(output: output) { log.append($0) }
        engine.load(.file(path: mp3.path))
        _ = poll(timeout: 10, every: 0.005, { log.lastPosition }, until: { $0 >= 1 })
        try server.restart()
        let recording = try server.record()
        #expect(log.waitForEnd() == .eof)
        engine.shutdown()
        recording.waitForSilence()
        let heard = try recording.stop().mono()
        #expect(log.events.contains { $0.1 == .outputReopened })
        let span = try #require(SoundAnalysis.audibleSpan(heard), "nothing was heard after the restart")
        #expect(Double(span.count) / 44_100 > 1, "heard only \(Double(span.count) / 44_100) s after the restart")
    }
}
