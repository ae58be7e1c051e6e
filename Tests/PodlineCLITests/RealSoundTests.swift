import Foundation
import TestSupport
import Testing

/// Plays through libao's default driver into a private PulseAudio null sink and listens to its monitor.
@Suite("Real sound through PulseAudio", .serialized)
struct RealSoundTests {
    /// One daemon serves every check here; it is stopped by its pid when the test ends.
    @Test("through a private PulseAudio null sink: a 3 s tone, then two volumes")
    func realSound() throws {
        let server = try PulseAudioServer()
        defer { server.stop() }
        try toneThroughDefaultDriver(server)
        try volumeScalesAmplitude(server)
        try speedKeepsPitch(server)
        try volumeChangeRamps(server)
    }

    /// Speed 1.5× is heard for about 2/3 of the duration, with the dominant frequency unchanged within 2%.
    func speedKeepsPitch(_ server: PulseAudioServer) throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 4.5, frequency: 600)
        let recording = try server.record()
        let output = "pulse:unix:\(server.runtimeDirectory.path)/pulse/native"
        let result = try PodlineBinary.run(["play", mp3.path, "--speed", "1.5", "--output", output], home: folder, timeout: 30)
        recording.waitForSilence()
        let heard = try recording.stop().mono()
        #expect(result.status == 0, "\(result.stderr)")
        let span = try #require(SoundAnalysis.audibleSpan(heard))
        let seconds = Double(span.count) / 44_100
        #expect(abs(seconds - 3) < 0.3, "heard \(seconds) s of a 4.5 s file at 1.5x")
        let frequency = SoundAnalysis.dominantFrequency(Array(heard[span]), sampleRate: 44_100)
        #expect(abs(frequency - 600) / 600 < 0.02, "dominant frequency \(frequency) Hz")
    }

    /// A volume change sent to a playing player ramps: no step between periods larger than the ramp allows.
    func volumeChangeRamps(_ server: PulseAudioServer) throws {
        let folder = try Fixtures.temporaryDirectory()
        // 441 Hz: one period is exactly 100 samples, so per-period peaks trace the envelope.
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 4, frequency: 441, amplitude: 0.8)
        let recording = try server.record()
        let runtime = try Fixtures.temporaryDirectory("podline-run")
        chmod(runtime.path, 0o700)
        let player = Process()
        player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        player.arguments = ["play", mp3.path, "--output", "pulse:unix:\(server.runtimeDirectory.path)/pulse/native"]
        player.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path, "PODLINE_HOME": folder.path]) {
            $1
        }
        try player.run()
        // Two seconds at full volume, then the change.
        let playing = try poll(timeout: 20, every: 0.05, { try Self.position(home: folder, runtime: runtime) }, until: { $0 >= 2 })
        #expect(playing >= 2, "the player never reached 2 s")
        let change = try PodlineBinary.run(["volume", "50"], home: folder, environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(change.status == 0, "\(change.stderr)")
        player.waitUntilExit()
        recording.waitForSilence()
        let heard = try recording.stop().mono()
        let span = try #require(SoundAnalysis.audibleSpan(heard))
        let signal = Array(heard[span])
        let peaks = SoundAnalysis.periodPeaks(signal)
        // A 30 ms ramp from 0.8 to 0.1 moves at most 0.7 × 100 / 1323 ≈ 0.053 per period.
        let largest = SoundAnalysis.largestStep(peaks)
        #expect(largest.step < 0.07, "largest step between periods \(largest.description)")
        #expect(
            abs((peaks.first.map { _ in peaks[10] } ?? 0) - 0.8) < 0.05 && abs(peaks[peaks.count - 20] - 0.1) < 0.02,
            "levels before \(peaks[10]) and after \(peaks[peaks.count - 20])")
    }

    /// 3 s of a 1 kHz tone through the default driver is heard for 3 s (±10%) at 1 kHz (±2%).
    func toneThroughDefaultDriver(_ server: PulseAudioServer) throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 3, frequency: 1000)
        let recording = try server.record()
        let result = try PodlineBinary.run(["play", mp3.path], home: folder, environment: server.environment, timeout: 30)
        recording.waitForSilence()
        let heard = try recording.stop()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let signal = heard.mono()
        let span = try #require(SoundAnalysis.audibleSpan(signal), "the recording is silent")
        let seconds = Double(span.count) / Double(heard.sampleRate)
        #expect(abs(seconds - 3) <= 0.3, "heard \(seconds) s")
        let tone = Array(signal[span])
        let frequency = SoundAnalysis.dominantFrequency(tone, sampleRate: heard.sampleRate)
        #expect(abs(frequency - 1000) <= 20, "dominant frequency \(frequency) Hz")
    }

    /// --volume 50 is heard at one eighth of the amplitude of --volume 100.
    func volumeScalesAmplitude(_ server: PulseAudioServer) throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 1.5, frequency: 440, amplitude: 0.8)
        var levels: [Double] = []
        for volume in ["100", "50"] {
            let recording = try server.record()
            let output = "pulse:unix:\(server.runtimeDirectory.path)/pulse/native"
            let result = try PodlineBinary.run(
                ["play", mp3.path, "--volume", volume, "--output", output], home: folder,
                environment: server.environment, timeout: 30)
            recording.waitForSilence()
            let heard = try recording.stop().mono()
            #expect(result.status == 0, "\(result.stderr)")
            let span = try #require(SoundAnalysis.audibleSpan(heard, threshold: 0.01))
            let middle = span.lowerBound + span.count / 4..<span.upperBound - span.count / 4
            levels.append(SoundAnalysis.rms(heard[middle]))
        }
        let ratio = levels[1] / levels[0]
        #expect(abs(ratio - 0.125) < 0.01, "level ratio \(ratio)")
    }

    /// The position `status --json` gives for the player whose socket is under `runtime`; -1 without one.
    static func position(home: URL, runtime: URL) throws -> Double {
        let status = try PodlineBinary.run(["status", "--json"], home: home, environment: ["XDG_RUNTIME_DIR": runtime.path])
        let object = (try? JSONSerialization.jsonObject(with: status.stdoutData)) as? [String: Any]
        return (object?["position"] as? NSNumber)?.doubleValue ?? -1
    }
}
