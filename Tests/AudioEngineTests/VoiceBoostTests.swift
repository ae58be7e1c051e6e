import Foundation
import TestSupport
import Testing

@testable import AudioEngine

/// Voice boost in the engine: what it holds back for its look-ahead comes out at the end, so that nothing is added or
/// lost (what it does to the sound is measured end to end, on the binary's written output).
@Suite("voice boost in the engine", .serialized)
struct VoiceBoostTests {
    /// Plays `file` into a WAV file with voice boost on (and normalising, when `normalize` says) and reads it back.
    func render(_ file: URL, in folder: URL, normalize: Bool = false) throws -> WAVFile {
        let out = folder.appendingPathComponent(UUID().uuidString + ".wav")
        let log = EventLog()
        let engine = PlaybackEngine(output: OutputSpec(driver: "wav", path: out.path)) { log.append($0) }
        engine.setVoiceBoost(true)
        if normalize { engine.setLoudness(LoudnessSetting(target: -16, measured: -30)) }
        engine.load(.file(path: file.path))
        #expect(log.waitForEnd() == .eof)
        engine.shutdown()
        return try WAVFile(url: out)
    }

    @Test("as many frames come out as went in (normalising after it adds its own 3 ms), and from a file shorter than the look-ahead")
    func nothingAddedOrLost() throws {
        let folder = try Fixtures.temporaryDirectory("pl-voice")
        let dialogue = try Dialogue.make(in: folder)
        let frames = try WAVFile(url: dialogue.url).frameCount
        #expect(try render(dialogue.url, in: folder).frameCount == frames)
        #expect(
            try render(dialogue.url, in: folder, normalize: true).frameCount == frames
                + PeakLimiter(sampleRate: 44_100, channels: 2, ceiling: 1).lookahead + 1)
        let short = folder.appendingPathComponent("short.wav")
        try CommandRunner.tool("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", short.path, "synth", "0.005", "sine", "440"])
        let boosted = try render(short, in: folder)
        let shortFrames = try WAVFile(url: short).frameCount
        #expect(boosted.frameCount == shortFrames)
        #expect(boosted.samples.contains { $0 != 0 }, "the tone comes out")
    }
}
