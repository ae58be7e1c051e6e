import Foundation
import Testing
import TestSupport

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
    }

    /// 3 s of a 1 kHz tone through the default driver is heard for 3 s (±10%) at 1 kHz (±2%).
    func toneThroughDefaultDriver(_ server: PulseAudioServer) throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 3, frequency: 1000)
        let recording = try server.record()
        usleep(300_000)
        let result = try PodlineBinary.run(["play", mp3.path], home: folder, environment: server.environment, timeout: 30)
        usleep(300_000)
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
            usleep(300_000)
            let result = try PodlineBinary.run(["play", mp3.path, "--volume", volume], home: folder,
                                               environment: server.environment, timeout: 30)
            usleep(300_000)
            let heard = try recording.stop().mono()
            #expect(result.status == 0, "\(result.stderr)")
            let span = try #require(SoundAnalysis.audibleSpan(heard, threshold: 0.01))
            let middle = span.lowerBound + span.count / 4..<span.upperBound - span.count / 4
            levels.append(SoundAnalysis.rms(heard[middle]))
        }
        let ratio = levels[1] / levels[0]
        #expect(abs(ratio - 0.125) < 0.01, "level ratio \(ratio)")
    }
}
