import Foundation
import TestSupport
import Testing

/// Voice boost on the built binary, on a generated conversation (a loud and a quiet espeak-ng voice over a noise bed),
/// measured on the written output by meters that are not Podline's: ffmpeg's ebur128 filter and pyloudnorm.
@Suite("voice boost, end to end", .serialized)
struct VoiceBoostEndToEndTests {
    @Test("--voice-boost: the quiet voice within 3 LU of the loud one, the loudness range halved, true peaks under -1 dBTP")
    func evensVoices() throws {
        let home = try Fixtures.temporaryDirectory("pl-voice")
        let dialogue = try Dialogue.make(in: home)
        let out = home.appendingPathComponent("boosted.wav")
        let played = try PodlineBinary.run(
            ["play", dialogue.url.path, "--voice-boost", "--output", "wav:\(out.path)", "--quiet"], home: home)
        #expect(played.status == 0, "\(played.stderr)")

        let input = try WAVFile(url: dialogue.url)
        let boosted = try WAVFile(url: out)
        #expect(boosted.frameCount == input.frameCount, "\(boosted.frameCount) frames written of \(input.frameCount)")
        let before = try LoudnessMeters.ebur128(dialogue.url)
        let after = try LoudnessMeters.ebur128(out)
        #expect(after.range <= before.range / 2, "loudness range \(before.range) LU before, \(after.range) LU after")
        #expect(after.truePeak <= -1, "true peak \(after.truePeak) dBTP")
        // Each turn without its first half second, where the rider is still moving.
        let spans = dialogue.turns.map { (start: $0.start + 0.5, end: $0.end) }
        let levels = try LoudnessMeters.spans(boosted, spans, in: home)
        let inputLevels = try LoudnessMeters.spans(input, spans, in: home)
        let loud = zip(dialogue.turns, levels).filter { !$0.0.quiet }.map(\.1)
        let quiet = zip(dialogue.turns, levels).filter { $0.0.quiet }.map(\.1)
        let inputGap =
            (zip(dialogue.turns, inputLevels).filter { !$0.0.quiet }.map(\.1).min() ?? 0)
            - (zip(dialogue.turns, inputLevels).filter { $0.0.quiet }.map(\.1).max() ?? 0)
        #expect(inputGap > 12, "the voices differ by \(inputGap) LU before")
        let worst = max((loud.max() ?? 0) - (quiet.min() ?? 0), (quiet.max() ?? 0) - (loud.min() ?? 0))
        #expect(worst <= 3, "turns at \(levels) LUFS (before: \(inputLevels))")
    }

    @Test("config.toml's voice_boost boosts what plays; --no-voice-boost wins over it and leaves the audio as it is")
    func settingAndFlag() throws {
        let home = try Fixtures.temporaryDirectory("pl-voice")
        let dialogue = try Dialogue.make(in: home)
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        try Fixtures.writeConfig("voice_boost = true\n", home: home)
        let before = try LoudnessMeters.ebur128(dialogue.url)
        for (flags, boosted) in [([], true), (["--no-voice-boost"], false)] as [([String], Bool)] {
            let out = home.appendingPathComponent("out-\(boosted).wav")
            let played = try PodlineBinary.run(
                ["play", dialogue.url.path, "--output", "wav:\(out.path)", "--quiet"] + flags, home: home, environment: environment)
            #expect(played.status == 0, "\(played.stderr)")
            let range = try LoudnessMeters.ebur128(out).range
            if boosted {
                #expect(range <= before.range / 2, "\(flags): \(range) LU, \(before.range) before")
            } else {
                #expect(try WAVFile(url: out).samples == WAVFile(url: dialogue.url).samples, "\(flags): the file's own samples")
            }
        }
        let refused = try PodlineBinary.run(["voice", "loud"], home: home, environment: environment)
        #expect(refused.status == 64 && refused.stderrLines.count == 1, "\(refused.stderr)")
    }
}
