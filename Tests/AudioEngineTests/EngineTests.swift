import Foundation
import TestSupport
import Testing

@testable import AudioEngine

/// Collects engine events from the engine's thread.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [EngineEvent] = []

    func append(_ event: EngineEvent) { lock.withLock { events.append(event) } }
    var all: [EngineEvent] { lock.withLock { events } }

    /// The reasons of the `ended` events so far, in order.
    var endReasons: [EngineEndReason] {
        all.compactMap { if case let .ended(reason, _) = $0 { reason } else { nil } }
    }

    /// Waits until an `ended` event arrives; returns its reason.
    func waitForEnd(timeout: TimeInterval = 30) -> EngineEndReason? {
        poll(timeout: timeout, every: 0.01, { endReasons.first }, until: { $0 != nil })
    }
}

@Suite("Playback engine")
struct EngineTests {
    /// Plays `mp3` into a WAV file through the engine with `configure` applied first, and reads it back.
    func render(_ mp3: URL, in folder: URL, configure: (PlaybackEngine) -> Void = { _ in }) throws -> (WAVFile, EventLog) {
        let out = folder.appendingPathComponent(UUID().uuidString + ".wav")
        let log = EventLog()
        let engine = PlaybackEngine(output: OutputSpec(driver: "wav", path: out.path)) { log.append($0) }
        configure(engine)
        engine.load(.file(path: mp3.path))
        #expect(log.waitForEnd() == .eof)
        engine.shutdown()
        return (try WAVFile(url: out), log)
    }

    @Test("speed 1.5× gives about 2/3 of the duration with the dominant frequency unchanged within 2%")
    func speedKeepsPitch() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 6, frequency: 440)
        let (wav, _) = try render(mp3, in: folder) { $0.setSpeed(1.5) }
        #expect(abs(wav.duration - 4.0) < 0.1, "duration \(wav.duration)")
        let middle = Array(wav.mono()[wav.frameCount / 4..<wav.frameCount * 3 / 4])
        let frequency = SoundAnalysis.dominantFrequency(middle, sampleRate: wav.sampleRate)
        #expect(abs(frequency - 440) / 440 < 0.02, "frequency \(frequency)")
    }

    @Test("speed 0.75× stretches to 4/3 of the duration at the same pitch")
    func slowDownKeepsPitch() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 3, frequency: 660)
        let (wav, _) = try render(mp3, in: folder) { $0.setSpeed(0.75) }
        #expect(abs(wav.duration - 4.0) < 0.1, "duration \(wav.duration)")
        let frequency = SoundAnalysis.dominantFrequency(Array(wav.mono()[44_100..<88_200]), sampleRate: wav.sampleRate)
        #expect(abs(frequency - 660) / 660 < 0.02, "frequency \(frequency)")
    }

    @Test("a seek lands on the requested sample of a local file")
    func seekIsSampleAccurate() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 4, frequency: 523)
        let reference = try WAVFile(url: Fixtures.mpg123Reference(of: mp3, in: folder))
        let out = folder.appendingPathComponent("seek.wav")
        let log = EventLog()
        let engine = PlaybackEngine(output: OutputSpec(driver: "wav", path: out.path)) { log.append($0) }
        engine.load(.file(path: mp3.path), paused: true)
        engine.seek(2.5)
        engine.resume()
        #expect(log.waitForEnd() == .eof)
        engine.shutdown()
        let wav = try WAVFile(url: out)
        #expect(wav.frameCount == 4 * 44_100 - 110_250)
        // After the 30 ms anti-click ramp the samples are the file's own, from frame 110,250 on.
        let from = 2 * 2_000
        #expect(Array(wav.samples[from..<from + 2_000]) == Array(reference.samples[2 * 110_250 + from..<2 * 110_250 + from + 2_000]))
    }

    @Test("a volume change ramps: no step between periods larger than a 30 ms ramp allows")
    func volumeRampHasNoSteps() throws {
        let folder = try Fixtures.temporaryDirectory()
        // 441 Hz: one period is exactly 100 samples, so per-period peaks trace the envelope.
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 3, frequency: 441, amplitude: 0.8)
        let out = folder.appendingPathComponent("ramp.wav")
        let log = EventLog()
        let engine = PlaybackEngine(output: OutputSpec(driver: "wav", path: out.path)) { log.append($0) }
        engine.load(.file(path: mp3.path), paused: true)
        engine.seek(0)
        engine.resume()
        engine.setVolume(50)
        #expect(log.waitForEnd() == .eof)
        engine.shutdown()
        let signal = try WAVFile(url: out).mono()
        let peaks = stride(from: 0, to: signal.count - 100, by: 100).map { start in
            signal[start..<start + 100].map(abs).max() ?? 0
        }
        let steps = zip(peaks, peaks.dropFirst()).map { abs($0 - $1) }
        let largest = steps.dropFirst(5).dropLast(5).max() ?? 1
        // A 30 ms ramp from 0.8 to 0.1 moves at most 0.7 × 100 / 1323 ≈ 0.053 per period.
        #expect(largest < 0.07, "largest step between periods \(largest)")
        #expect(abs((peaks.dropLast(10).last ?? 0) - 0.1) < 0.01, "final level \(peaks.last ?? 0)")
    }

    @Test("a missing file ends with an error naming it, and the engine stays usable")
    func errorsLeaveEngineUsable() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 1)
        let out = folder.appendingPathComponent("after.wav")
        let log = EventLog()
        let engine = PlaybackEngine(output: OutputSpec(driver: "wav", path: out.path)) { log.append($0) }
        engine.load(.file(path: folder.appendingPathComponent("gone.mp3").path))
        #expect(log.waitForEnd() == .error)
        guard case let .ended(_, error)? = log.all.last else {
            Issue.record("no end")
            return
        }
        #expect(error?.description.contains("gone.mp3: no such file") == true)
        engine.load(.file(path: mp3.path))
        _ = poll(timeout: 20, every: 0.01, { log.endReasons.count }, until: { $0 >= 2 })
        engine.shutdown()
        #expect(try WAVFile(url: out).frameCount == 44_100)
    }

    @Test(
        "a file output reports no position past a skipped stretch's start before the skip, nor inside it",
        arguments: [1.0, 1.5])
    func reportsStopAtASkip(speed: Double) throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 6, frequency: 440)
        let (wav, log) = try render(mp3, in: folder) { engine in
            // A report after every chunk: the chunk cut where the stretch begins reports too.
            engine.reportInterval = 0
            engine.setSpeed(speed)
            engine.setSkips([SkipRange(start: 2.1, end: 4.3, title: "Ad")])
        }
        let events = log.all
        let skippedAt = try #require(events.firstIndex { if case .skipped = $0 { true } else { false } })
        let positions = { (slice: ArraySlice<EngineEvent>) in slice.compactMap { if case let .position(p) = $0 { p } else { nil } } }
        let before = positions(events[..<skippedAt])
        #expect(before.count > 2 && before.allSatisfy { $0 <= 2.1 + 1e-6 }, "reported before the skip: \(before)")
        let after = positions(events[skippedAt...])
        #expect(after.allSatisfy { $0 >= 4.3 - 1e-6 }, "reported after the skip: \(after)")
        #expect(abs(wav.duration - (6 - 2.2) / speed) < 0.05, "written \(wav.duration) s")
    }
}
