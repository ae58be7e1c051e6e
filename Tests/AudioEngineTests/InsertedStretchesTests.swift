import AudioEngine
import Foundation
import TestSupport
import Testing

/// Lining up two fetches of an episode by their audio: the ads one holds and the other lacks are found within 100 ms of
/// where they were spliced, whatever the other fetch's codec and sample rate, and nothing else is.
@Suite("inserted stretches, by comparing profiles", .serialized)
struct InsertedStretchesTests {
    /// Expects `found` to be `truth`, each end within 100 ms.
    static func expectFound(_ found: [ClosedRange<Double>]?, _ truth: [ClosedRange<Double>]) {
        guard let found, found.count == truth.count else {
            Issue.record("found \(String(describing: found)), spliced at \(truth)")
            return
        }
        for (stretch, spliced) in zip(found, truth) {
            #expect(abs(stretch.lowerBound - spliced.lowerBound) <= 0.1, "\(stretch) against \(spliced)")
            #expect(abs(stretch.upperBound - spliced.upperBound) <= 0.1, "\(stretch) against \(spliced)")
        }
    }

    @Test("ads before, within and after the talk; the other fetch is AAC at 48 kHz with an ad of its own elsewhere")
    func everyPlaceAndAnotherCodec() throws {
        let folder = try Fixtures.temporaryDirectory("pl-profiles")
        let episode = try SplicedEpisode.make(in: folder)
        let end = episode.talkSeconds
        let kept = try episode.spliced([0, 1, 2], at: [0, 40, end], name: "kept")
        let keptMP3 = folder.appendingPathComponent("kept.mp3")
        try CommandRunner.tool("lame", ["--quiet", "-b", "96", kept.wav.path, keptMP3.path])
        let other = try episode.spliced([3], at: [20], name: "other")
        let otherAAC = folder.appendingPathComponent("other.m4a")
        try CommandRunner.tool(
            "ffmpeg", ["-v", "error", "-i", other.wav.path, "-ar", "48000", "-c:a", "aac", "-b:a", "64k", otherAAC.path])
        let found = InsertedStretches.find(
            kept: try AudioProfile.read(path: keptMP3.path), other: try AudioProfile.read(path: otherAAC.path))
        Self.expectFound(found, kept.spans)
    }

    @Test("the other way round: the AAC fetch's own ad is found in it, and none of the MP3's")
    func otherWayRound() throws {
        let folder = try Fixtures.temporaryDirectory("pl-profiles-back")
        let episode = try SplicedEpisode.make(in: folder)
        let mp3 = try episode.spliced([0, 1], at: [12, 40], name: "first")
        let first = folder.appendingPathComponent("first.mp3")
        try CommandRunner.tool("lame", ["--quiet", "-b", "128", mp3.wav.path, first.path])
        let aac = try episode.spliced([3], at: [12], name: "second")
        let second = folder.appendingPathComponent("second.m4a")
        try CommandRunner.tool("ffmpeg", ["-v", "error", "-i", aac.wav.path, "-ar", "48000", "-c:a", "aac", "-b:a", "96k", second.path])
        let found = InsertedStretches.find(kept: try AudioProfile.read(path: second.path), other: try AudioProfile.read(path: first.path))
        Self.expectFound(found, aac.spans)
    }

    @Test("a fetch of another episode shares too little to compare: nil, not everything")
    func unrelated() throws {
        let folder = try Fixtures.temporaryDirectory("pl-profiles-unrelated")
        let episode = try SplicedEpisode.make(in: folder)
        let other = folder.appendingPathComponent("other.wav")
        try CommandRunner.tool(
            "espeak-ng",
            ["-v", "en-gb", "-s", "150", "-w", other.path, String(repeating: "An entirely different episode about cooking. ", count: 12)])
        #expect(
            InsertedStretches.find(kept: try AudioProfile.read(path: episode.talk.path), other: try AudioProfile.read(path: other.path))
                == nil)
    }

    @Test("a profile is a hundred steps a second, whatever the sample rate")
    func stepsPerSecond() throws {
        let folder = try Fixtures.temporaryDirectory("pl-profiles-rate")
        for rate in [22_050, 44_100, 48_000] {
            let tone = folder.appendingPathComponent("tone-\(rate).wav")
            try CommandRunner.tool(
                "sox", ["-n", "-r", "\(rate)", "-c", "2", "-b", "16", tone.path, "synth", "3.5", "sine", "440", "vol", "0.5"])
            let profile = try AudioProfile.read(path: tone.path)
            #expect(profile.count == 350, "\(rate) Hz: \(profile.count) steps")
            // A sine at half scale: a mean square of 1/8, -9.03 dB.
            #expect(abs(profile.level[100] + 9.03) < 0.05, "\(rate) Hz: \(profile.level[100]) dB")
        }
    }
}
