import Foundation
import TestSupport
import Testing

@testable import AudioEngine

/// Every format but MP3, made by ffmpeg from one stereo signal and decoded by Podline through FFmpeg's libraries: the
/// PCM must be ffmpeg's own (`ffmpeg -i FILE -f s16le`), sample for sample, with the same length.
@Suite("other formats through FFmpeg", .serialized)
struct OtherFormatsTests {
    /// One encoding of the test signal: the file's extension and ffmpeg's codec arguments.
    struct Encoding: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var arguments: [String]
        var lossless: Bool
        var testDescription: String { name }
    }

    static let encodings: [Encoding] = [
        Encoding(name: "AAC-LC in M4A", file: "a.m4a", arguments: ["-c:a", "aac", "-b:a", "96k"], lossless: false),
        Encoding(name: "ALAC in M4A", file: "b.m4a", arguments: ["-c:a", "alac"], lossless: true),
        Encoding(name: "Opus in Ogg", file: "c.opus", arguments: ["-c:a", "libopus", "-b:a", "64k"], lossless: false),
        Encoding(name: "Vorbis in Ogg", file: "d.ogg", arguments: ["-c:a", "libvorbis", "-q:a", "3"], lossless: false),
        Encoding(name: "FLAC", file: "e.flac", arguments: ["-c:a", "flac"], lossless: true),
        Encoding(name: "WAV", file: "f.wav", arguments: ["-c:a", "pcm_s16le"], lossless: true),
        Encoding(name: "AAC in ADTS", file: "g.aac", arguments: ["-c:a", "aac", "-b:a", "96k"], lossless: false),
        Encoding(
            name: "MP4 video's audio", file: "h.mp4",
            arguments: ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=3", "-c:v", "mpeg4", "-c:a", "aac", "-shortest"],
            lossless: false),
        Encoding(name: "AC-3 in MP4", file: "i.mp4", arguments: ["-c:a", "ac3", "-b:a", "192k"], lossless: false),
        Encoding(
            name: "E-AC-3 in a video podcast's MP4", file: "j.mp4",
            arguments: ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=3", "-c:v", "mpeg4", "-c:a", "eac3", "-shortest"],
            lossless: false),
    ]

    /// The test signal, 3 s of two tones (one a channel) at 44.1 kHz, encoded as `encoding` says.
    static func make(_ encoding: Encoding, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(encoding.file)
        let signal = ["-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t)|0.3*sin(2*PI*660*t)+0.05*sin(2*PI*3000*t):s=44100:d=3"]
        let video = encoding.arguments.first == "-f" ? Array(encoding.arguments.prefix(4)) : []
        let codec = encoding.arguments.first == "-f" ? Array(encoding.arguments.dropFirst(4)) : encoding.arguments
        let result = try CommandRunner.tool("ffmpeg", ["-v", "error", "-y"] + signal + video + codec + [url.path])
        guard result.status == 0 else { throw TestSupportError("ffmpeg: \(result.stderr)") }
        return url
    }

    /// Everything `decoder` gives from where it is to the end.
    static func decodeAll(_ decoder: any AudioDecoder) throws -> [Int16] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16_384, alignment: 16)
        defer { buffer.deallocate() }
        var samples: [Int16] = []
        while true {
            switch try decoder.read(into: buffer) {
            case .audio(let bytes): samples += buffer.bindMemory(to: Int16.self).prefix(bytes / 2)
            case .end: return samples
            case .formatChanged, .needMore: continue
            }
        }
    }

    @Test("decodes as ffmpeg does, sample for sample, with the length the container gives", arguments: encodings)
    func decodesLikeFFmpeg(_ encoding: Encoding) throws {
        let folder = try Fixtures.temporaryDirectory("pl-formats")
        let file = try Self.make(encoding, in: folder)
        let decoder = try Decoders.open(path: file.path)
        #expect(decoder.format == AudioFormat(sampleRate: encoding.file.hasSuffix(".opus") ? 48_000 : 44_100, channels: 2))
        let decoded = try Self.decodeAll(decoder)
        let reference = try FFmpegDecoding.samples(of: file)
        #expect(decoded.count == reference.count, "\(decoded.count / 2) frames, ffmpeg \(reference.count / 2)")
        #expect(decoded == reference)
        #expect(decoder.position == reference.count / 2)
        // The container's length is the signal's, 3 s (Opus: its pre-skip left out). The decoded AAC of an MP4 keeps
        // the encoder's padding at the end, up to a codec frame, as ffmpeg's own decoding does; an ADTS file has no
        // length, only a bit-rate estimate. An MP4's AC-3 and E-AC-3 are not trimmed: what is decoded is the signal
        // and its last frame's padding (up to 1,536 samples), and the container's length is within a frame of it.
        let announced = try #require(decoder.estimatedFrames)
        let decodedFrames = reference.count / 2
        let signal = decoder.format.sampleRate * 3
        if encoding.file.hasSuffix(".aac") {
            #expect(abs(announced - decodedFrames) <= 2_048, "announced \(announced), decoded \(decodedFrames)")
        } else if encoding.arguments.contains(where: { $0.hasSuffix("ac3") }) {
            #expect((0..<1_536).contains(decodedFrames - signal), "decoded \(decodedFrames)")
            #expect(abs(announced - decodedFrames) < 1_536, "announced \(announced), decoded \(decodedFrames)")
        } else {
            #expect(announced == signal, "announced \(announced)")
            let padding = encoding.arguments.contains("aac") ? 0..<1_024 : 0..<1
            #expect(padding.contains(decodedFrames - announced), "announced \(announced), decoded \(decodedFrames)")
        }
    }

    @Test("MP2, as old feeds carry it, decodes through libmpg123 as mpg123 does, sample for sample")
    func mp2LikeMPG123() throws {
        let folder = try Fixtures.temporaryDirectory("pl-formats")
        let file = try Self.make(
            Encoding(name: "MP2", file: "k.mp2", arguments: ["-c:a", "mp2", "-b:a", "192k"], lossless: false), in: folder)
        let reference = try WAVFile(url: Fixtures.mpg123Reference(of: file, in: folder))
        let decoded = try Self.decodeAll(try Decoders.open(path: file.path))
        #expect(
            decoded.count == reference.samples.count && decoded == reference.samples,
            "\(decoded.count / 2) frames, mpg123 \(reference.frameCount)")
    }

    @Test("a seek lands on the frame asked for", arguments: encodings)
    func seeks(_ encoding: Encoding) throws {
        let folder = try Fixtures.temporaryDirectory("pl-formats")
        let file = try Self.make(encoding, in: folder)
        let reference = try FFmpegDecoding.samples(of: file)
        let decoder = try Decoders.open(path: file.path)
        let rate = decoder.format.sampleRate
        let target = rate * 3 / 2
        try decoder.seek(toFrame: target)
        #expect(decoder.position == target)
        let after = try Self.decodeAll(decoder)
        let expected = Array(reference[(target * 2)...])
        #expect(after.count == expected.count)
        if encoding.lossless {
            #expect(after == expected)
        } else {
            // A lossy decoder starts again from a packet before the frame: what it gives converges on ffmpeg's own
            // decoding from the start within its pre-roll, so from 100 ms on the two agree closely.
            let settle = rate / 10 * 2
            let pairs = zip(after.dropFirst(settle), expected.dropFirst(settle))
            let worst = pairs.map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst < 200, "largest difference \(worst)")
        }
    }

    @Test("cut in half, damaged in the middle, or empty: a clear refusal or what can be decoded, never a crash", arguments: encodings)
    func brokenFiles(_ encoding: Encoding) throws {
        let folder = try Fixtures.temporaryDirectory("pl-formats")
        let file = try Self.make(encoding, in: folder)
        let whole = [UInt8](try Data(contentsOf: file))
        let full = try FFmpegDecoding.samples(of: file).count
        let cut = folder.appendingPathComponent("cut-" + encoding.file)
        try Data(whole.prefix(whole.count / 2)).write(to: cut)
        var damaged = whole
        damaged.replaceSubrange(whole.count / 2..<whole.count / 2 + 2_048, with: [UInt8](repeating: 0x55, count: 2_048))
        let broken = folder.appendingPathComponent("damaged-" + encoding.file)
        try Data(damaged).write(to: broken)
        for url in [cut, broken] {
            do {
                let decoded = try Self.decodeAll(try Decoders.open(path: url.path))
                #expect(decoded.count <= full + 2 * 4_096, "\(url.lastPathComponent): \(decoded.count) samples of \(full)")
            } catch {
                let line = "\(error)"
                #expect(line.hasPrefix(url.path + ": "), "\(line)")
                #expect(!line.contains("\n"))
            }
        }
        let empty = folder.appendingPathComponent("empty-" + encoding.file)
        try Data().write(to: empty)
        #expect(throws: AudioError.unreadable(path: empty.path, reason: "file is empty")) { try Decoders.open(path: empty.path) }
    }

    @Test("every media seed and finding of the fuzzer decodes or is refused with one line, never a crash")
    func fuzzInputs() throws {
        let folder = try Fixtures.temporaryDirectory("pl-formats")
        let files = FuzzInputs.files("media")
        #expect(files.contains { $0.lastPathComponent == "channels-change-crash" })
        for input in files {
            // Copied under a name that says nothing: the decoder goes by the bytes.
            let file = folder.appendingPathComponent("input")
            try Data(contentsOf: input).write(to: file)
            do {
                _ = try Self.decodeAll(try Decoders.open(path: file.path))
            } catch {
                #expect(!"\(error)".contains("\n"), "\(input.lastPathComponent): \(error)")
            }
        }
    }

    @Test("a video without audio, a protected file and a damaged one are refused with one line each")
    func refusals() throws {
        let folder = try Fixtures.temporaryDirectory("pl-formats")
        let video = folder.appendingPathComponent("video.mp4")
        let made = try CommandRunner.tool(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1", "-c:v", "mpeg4", video.path])
        #expect(made.status == 0)
        let protected = folder.appendingPathComponent("song.m4p")
        var bytes = [UInt8](try Data(contentsOf: try Self.make(Self.encodings[0], in: folder)))
        // iTunes' protected audio: the sample entry 'mp4a' becomes 'drms'.
        if let at = Self.find(Array("mp4a".utf8), in: bytes) { bytes.replaceSubrange(at..<at + 4, with: Array("drms".utf8)) }
        try Data(bytes).write(to: protected)
        let damaged = folder.appendingPathComponent("damaged.m4a")
        try Data([0, 0, 0, 0x18] + Array("ftypM4A ".utf8) + [UInt8](repeating: 0x41, count: 2000)).write(to: damaged)
        let cases: [(URL, String)] = [
            (video, "MP4 file: no audio track (video only)"),
            (protected, "MP4 file: the audio is protected (DRM) and cannot be played"),
            (damaged, "MP4 file: "),
        ]
        for (url, reason) in cases {
            do {
                _ = try Decoders.open(path: url.path)
                Issue.record("\(url.lastPathComponent) was accepted")
            } catch {
                #expect(error.description.hasPrefix("\(url.path): \(reason)"), "\(error.description)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<$0 + pattern.count]) == pattern }
    }
}
