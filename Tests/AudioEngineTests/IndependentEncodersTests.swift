import Foundation
import TestSupport
import Testing

@testable import AudioEngine

/// Files made by the formats' own tools rather than ffmpeg (flac, sox, opusenc, oggenc), decoded by Podline through
/// FFmpeg's libraries and compared with a decoder that is not Podline's: the tool's own (`flac -d`, `sox`, `opusdec`,
/// `oggdec`) and ffmpeg's. A tool that is missing fails the test, naming the package that brings it.
@Suite("files made by the formats' own encoders", .serialized)
struct IndependentEncodersTests {
    /// The Debian package of each tool these tests run.
    static let packages = [
        "sox": "sox", "flac": "flac", "opusenc": "opus-tools", "opusdec": "opus-tools", "oggenc": "vorbis-tools",
        "oggdec": "vorbis-tools", "ffmpeg": "ffmpeg",
    ]

    /// Runs `name` (which must succeed), failing with the package to install when it is missing.
    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult {
        guard CommandRunner.which(name) != nil else {
            throw TestSupportError("\(name) is not installed: apt-get install \(packages[name] ?? name)")
        }
        // oggenc and opusenc read --comment in the locale's character set.
        return try CommandRunner.tool(name, arguments, environment: ["LC_ALL": "C.UTF-8"])
    }

    /// 3 s of 44.1 kHz stereo made by sox: a 440 Hz tone on the left, pink noise on the right (so FLAC's residual
    /// coding has work to do), at `gain` dB.
    static func source(in folder: URL, gain: Double = -3) throws -> URL {
        let wav = folder.appendingPathComponent("source.wav")
        try tool(
            "sox",
            ["-R", "-n", "-r", "44100", "-c", "2", "-b", "16", wav.path, "synth", "3", "sine", "440", "pinknoise", "gain", "\(gain)"])
        return wav
    }

    /// Raw interleaved 16-bit little-endian samples.
    static func samples(_ data: Data) -> [Int16] {
        data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// The largest difference between two runs of samples, and where it is, for a failure message.
    static func largestDifference(_ a: [Int16], _ b: [Int16]) -> (difference: Int, at: Int) {
        var worst = (difference: 0, at: 0)
        for index in 0..<min(a.count, b.count) {
            let difference = abs(Int(a[index]) - Int(b[index]))
            if difference > worst.difference { worst = (difference, index) }
        }
        return worst
    }

    @Test("a FLAC file made by flac decodes to exactly what flac -d gives, and to the WAV it was made from")
    func flacByFlac() throws {
        let folder = try Fixtures.temporaryDirectory("pl-encoders")
        let wav = try Self.source(in: folder, gain: -1)
        let flac = folder.appendingPathComponent("made.flac")
        try Self.tool("flac", ["--silent", "--best", "-o", flac.path, wav.path])
        let unpacked = folder.appendingPathComponent("unpacked.wav")
        try Self.tool("flac", ["--silent", "-d", "-o", unpacked.path, flac.path])
        let reference = try WAVFile(url: unpacked)
        try #require(reference.frameCount == 132_300 && reference.channels == 2, "flac -d gave \(reference.frameCount) frames")
        let decoder = try Decoders.open(path: flac.path)
        #expect(decoder.format == AudioFormat(sampleRate: 44_100, channels: 2))
        #expect(decoder.estimatedFrames == 132_300)
        let decoded = try OtherFormatsTests.decodeAll(decoder)
        #expect(decoded.count == reference.samples.count, "\(decoded.count / 2) frames, flac -d \(reference.frameCount)")
        let worst = Self.largestDifference(decoded, reference.samples)
        #expect(decoded == reference.samples, "largest difference \(worst.difference) at sample \(worst.at)")
        #expect(decoded == (try WAVFile(url: wav)).samples, "not the WAV the FLAC was made from")
        #expect(decoder.position == 132_300)
    }

    @Test("a seek in a FLAC file made by flac (with its SEEKTABLE) lands on the frame asked for, to the sample")
    func flacByFlacSeeks() throws {
        let folder = try Fixtures.temporaryDirectory("pl-encoders")
        let wav = try Self.source(in: folder, gain: -1)
        let flac = folder.appendingPathComponent("made.flac")
        // A seek point every 0.5 s, and blocks of 1152 samples, as flac writes them for CD audio with -b 1152.
        try Self.tool("flac", ["--silent", "-b", "1152", "-S", "0.5s", "-o", flac.path, wav.path])
        let whole = try WAVFile(url: wav).samples
        for target in [1, 22_050, 66_149, 100_000, 132_299] {
            let decoder = try Decoders.open(path: flac.path)
            try decoder.seek(toFrame: target)
            #expect(decoder.position == target)
            let after = try OtherFormatsTests.decodeAll(decoder)
            let expected = Array(whole[(target * 2)...])
            #expect(after.count == expected.count, "from frame \(target): \(after.count / 2) frames, expected \(expected.count / 2)")
            #expect(after == expected, "from frame \(target): not the samples from there on")
        }
    }

    @Test("a WAV file made by sox decodes to exactly what sox gives as raw PCM")
    func wavBySox() throws {
        let folder = try Fixtures.temporaryDirectory("pl-encoders")
        let wav = try Self.source(in: folder)
        let reference = Self.samples(try Self.tool("sox", [wav.path, "-t", "raw", "-e", "signed", "-b", "16", "-"]).stdoutData)
        try #require(reference.count == 132_300 * 2, "sox gave \(reference.count / 2) frames")
        let decoder = try Decoders.open(path: wav.path)
        #expect(decoder.format == AudioFormat(sampleRate: 44_100, channels: 2))
        #expect(decoder.estimatedFrames == 132_300)
        let decoded = try OtherFormatsTests.decodeAll(decoder)
        #expect(decoded.count == reference.count, "\(decoded.count / 2) frames, sox \(reference.count / 2)")
        #expect(decoded == reference)
        #expect(decoded == (try WAVFile(url: wav)).samples)
    }

    /// A lossy file made by its own encoder from the sox source, with the decoder its tools bring.
    struct Lossy: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var sampleRate: Int
        var encoder: String
        var encode: @Sendable (_ wav: String, _ out: String) -> [String]
        var decoder: String
        var decode: @Sendable (_ file: String) -> [String]
        var testDescription: String { name }
    }

    static let lossy: [Lossy] = [
        Lossy(
            name: "Ogg Opus by opusenc", file: "made.opus", sampleRate: 48_000, encoder: "opusenc",
            encode: { ["--quiet", "--bitrate", "64", $0, $1] }, decoder: "opusdec",
            decode: { ["--quiet", "--rate", "48000", "--no-dither", $0, "-"] }),
        Lossy(
            name: "Ogg Vorbis by oggenc", file: "made.ogg", sampleRate: 44_100, encoder: "oggenc",
            encode: { ["--quiet", "-q", "3", "-o", $1, $0] }, decoder: "oggdec",
            decode: { ["--quiet", "-R", "-b", "16", "-e", "0", "-s", "1", "-o", "-", $0] }),
    ]

    @Test(
        "decodes within 1 LSB of ffmpeg and 2 of the format's own decoder, to the sample count of the source (gapless)",
        arguments: lossy)
    func lossyByOwnEncoder(_ format: Lossy) throws {
        let folder = try Fixtures.temporaryDirectory("pl-encoders")
        let wav = try Self.source(in: folder)
        let file = folder.appendingPathComponent(format.file)
        try Self.tool(format.encoder, format.encode(wav.path, file.path))
        // 3 s at the rate the codec decodes at: an Opus file's pre-skip and its last page's granule position, a Vorbis
        // file's, trim the codec's padding so that exactly this is left.
        let frames = 3 * format.sampleRate
        let reference = try FFmpegDecoding.samples(of: file)
        try #require(reference.count == frames * 2, "ffmpeg decodes \(reference.count / 2) frames, not \(frames)")
        let own = Self.samples(try Self.tool(format.decoder, format.decode(file.path)).stdoutData)
        try #require(own.count == frames * 2, "\(format.decoder) decodes \(own.count / 2) frames, not \(frames)")

        let decoder = try Decoders.open(path: file.path)
        #expect(decoder.format == AudioFormat(sampleRate: format.sampleRate, channels: 2))
        let decoded = try OtherFormatsTests.decodeAll(decoder)
        #expect(decoded.count == reference.count, "\(decoded.count / 2) frames, ffmpeg \(reference.count / 2)")
        #expect(decoder.position == frames)
        let againstFFmpeg = Self.largestDifference(decoded, reference)
        #expect(againstFFmpeg.difference <= 1, "off ffmpeg by \(againstFFmpeg.difference) at sample \(againstFFmpeg.at)")
        let againstOwn = Self.largestDifference(decoded, own)
        #expect(againstOwn.difference <= 2, "off \(format.decoder) by \(againstOwn.difference) at sample \(againstOwn.at)")
        // The references are checked too: the left channel carries the source's tone to the end.
        let left = stride(from: 0, to: decoded.count, by: 2).map { Double(decoded[$0]) / 32_768 }
        let tail = Array(left.suffix(format.sampleRate / 2))
        let tone = SoundAnalysis.dominantFrequency(tail, sampleRate: format.sampleRate, low: 100, high: 2_000)
        #expect(abs(tone - 440) < 2, "the left channel's last 0.5 s is at \(tone) Hz")
        let announced = try #require(decoder.estimatedFrames)
        #expect(abs(announced - frames) <= 1_024, "announced \(announced) frames, decoded \(frames)")
    }
}
