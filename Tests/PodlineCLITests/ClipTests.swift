import Foundation
import TestSupport
import Testing

/// `clip` end to end with the real binary, checked by independent decoders: an MP3 cut decodes with `mpg123 -w` to the
/// source's own samples of the span, WAV and FLAC clips hold exactly what mpg123 or ffmpeg decode there (FLAC read back
/// by `flac -d`), and tags are read back with mutagen.
@Suite("clips", .serialized)
struct ClipTests {
    /// The same span of the whole file's decoding, from `from` to `to` seconds (rounded to the nearest sample).
    static func span(_ whole: WAVFile, _ from: Double, _ to: Double) -> [Int16] {
        let start = Int((from * Double(whole.sampleRate)).rounded()) * whole.channels
        let end = min(whole.samples.count, Int((to * Double(whole.sampleRate)).rounded()) * whole.channels)
        return Array(whole.samples[start..<end])
    }

    /// How many samples differ, and by how much at most.
    static func difference(_ a: [Int16], _ b: [Int16]) -> (count: Int, largest: Int) {
        var count = 0
        var largest = 0
        for (x, y) in zip(a, b) where x != y {
            count += 1
            largest = max(largest, abs(Int(x) - Int(y)))
        }
        return (count, largest)
    }

    /// A 30 s source: two sweeps a channel (stereo) or pink noise (mono), as WAV.
    static func source(in folder: URL, rate: Int, channels: Int) throws -> URL {
        let wav = folder.appendingPathComponent("source-\(rate)-\(channels).wav")
        let synth = channels == 2 ? ["sine", "200-2000", "sine", "300-900"] : ["pinknoise"]
        try CommandRunner.tool(
            "sox", ["-n", "-r", "\(rate)", "-c", "\(channels)", "-b", "16", wav.path, "synth", "30"] + synth + ["gain", "-6"])
        return wav
    }

    static func clip(_ arguments: [String], home: URL) throws -> ProcessResult {
        try PodlineBinary.run(["clip"] + arguments, home: home)
    }

    @Test(
        "an MP3 cut on frames decodes (mpg123 -w) to exactly the source's samples of the span; WAV and FLAC hold them too",
        arguments: [
            ("128 kb/s stereo", ["-b", "128"], 44_100, 2), ("64 kb/s mono", ["-m", "m", "-b", "64"], 44_100, 2),
            ("VBR", ["-V", "4"], 44_100, 2), ("48 kHz 320 kb/s with CRCs", ["-p", "-b", "320"], 48_000, 2),
            ("no LAME tag", ["-t", "-b", "96"], 44_100, 2),
        ])
    func mpegOneCutsAreExact(label: String, lame: [String], rate: Int, channels: Int) throws {
        let home = try Fixtures.temporaryDirectory("pl-clip-mp3")
        let mp3 = home.appendingPathComponent("source.mp3")
        try CommandRunner.tool("lame", ["--quiet"] + lame + [try Self.source(in: home, rate: rate, channels: channels).path, mp3.path])
        let whole = try WAVFile(url: try Fixtures.mpg123Reference(of: mp3, in: home))
        for (from, to) in [(7.25, 12.5), (0, 2.0), (0.013, 0.5), (19.111, 23.9), (28.5, whole.duration)] {
            let out = home.appendingPathComponent("clip.mp3")
            let made = try Self.clip([mp3.path, "\(from)", "\(to)", "-o", out.path], home: home)
            #expect(made.status == 0, "\(label) \(from)-\(to): \(made.stderr)")
            let decoded = try WAVFile(url: try Fixtures.mpg123Reference(of: out, in: home)).samples
            let expected = Self.span(whole, from, to)
            #expect(decoded.count == expected.count, "\(label) \(from)-\(to): \(decoded.count) samples, not \(expected.count)")
            #expect(decoded == expected, "\(label) \(from)-\(to): \(Self.difference(decoded, expected)) differ")

            let wav = home.appendingPathComponent("clip.wav")
            #expect(try Self.clip([mp3.path, "\(from)", "\(to)", "-o", wav.path], home: home).status == 0)
            #expect(try WAVFile(url: wav).samples == expected, "\(label) \(from)-\(to) as WAV")
        }
        let flac = home.appendingPathComponent("clip.flac")
        #expect(try Self.clip([mp3.path, "3.5", "14", "-o", flac.path], home: home).status == 0)
        let back = home.appendingPathComponent("flac.wav")
        try CommandRunner.tool("flac", ["-s", "-d", "-f", "-o", back.path, flac.path])
        #expect(try WAVFile(url: back).samples == Self.span(whole, 3.5, 14), "\(label) as FLAC, read by flac -d")
    }

    @Test("MPEG-2's shorter frames: the cut holds the span's samples, each within one step of the source's")
    func mpegTwoCutsAreWithinOneStep() throws {
        let home = try Fixtures.temporaryDirectory("pl-clip-lsf")
        let mp3 = home.appendingPathComponent("source.mp3")
        try CommandRunner.tool("lame", ["--quiet", "-b", "32", try Self.source(in: home, rate: 22_050, channels: 1).path, mp3.path])
        let whole = try WAVFile(url: try Fixtures.mpg123Reference(of: mp3, in: home))
        for (from, to) in [(3.3, 9.1), (15.065, 17.054), (24.508, 29.751)] {
            let out = home.appendingPathComponent("clip.mp3")
            #expect(try Self.clip([mp3.path, "\(from)", "\(to)", "-o", out.path], home: home).status == 0)
            let decoded = try WAVFile(url: try Fixtures.mpg123Reference(of: out, in: home)).samples
            let expected = Self.span(whole, from, to)
            #expect(decoded.count == expected.count)
            let (count, largest) = Self.difference(decoded, expected)
            #expect(largest <= 1 && count * 1000 < expected.count, "\(from)-\(to): \(count) differ, by up to \(largest)")
        }
    }

    @Test("an M4A (AAC) and an Opus file: WAV and FLAC clips equal ffmpeg's decoding of the span", arguments: ["m4a", "opus"])
    func ffmpegFormatsAreExact(ext: String) throws {
        let home = try Fixtures.temporaryDirectory("pl-clip-\(ext)")
        let source = home.appendingPathComponent("source.\(ext)")
        let codec = ext == "m4a" ? ["-c:a", "aac", "-b:a", "96k"] : ["-c:a", "libopus", "-b:a", "48k"]
        try CommandRunner.tool(
            "ffmpeg", ["-v", "error", "-y", "-i", try Self.source(in: home, rate: 44_100, channels: 2).path] + codec + [source.path])
        let reference = home.appendingPathComponent("reference.wav")
        try CommandRunner.tool("ffmpeg", ["-v", "error", "-y", "-i", source.path, "-f", "wav", reference.path])
        let whole = try WAVFile(url: reference)
        for (from, to) in [(7.3, 12.9), (0, 1), (25, 30)] {
            let wav = home.appendingPathComponent("clip.wav")
            let made = try Self.clip([source.path, "\(from)", "\(to)", "-o", wav.path], home: home)
            #expect(made.status == 0, "\(made.stderr)")
            #expect(try WAVFile(url: wav).samples == Self.span(whole, from, to), "\(ext) \(from)-\(to)")
        }
        let flac = home.appendingPathComponent("clip.flac")
        #expect(try Self.clip([source.path, "12", "20", "-o", flac.path], home: home).status == 0)
        try CommandRunner.tool("flac", ["-s", "-t", flac.path])
        let back = home.appendingPathComponent("flac.wav")
        try CommandRunner.tool("flac", ["-s", "-d", "-f", "-o", back.path, flac.path])
        #expect(try WAVFile(url: back).samples == Self.span(whole, 12, 20))
        let mp3 = try Self.clip([source.path, "1", "2", "-o", home.appendingPathComponent("no.mp3").path], home: home)
        #expect(mp3.status == 64 && mp3.stderr.contains("is not an MP3: write .wav or .flac"), "\(mp3.stderr)")
    }

    @Test("an MP3 that breaks off (junk between two streams): .mp3 past the break is refused, WAV decodes through it as mpg123 does")
    func brokenStream() throws {
        let home = try Fixtures.temporaryDirectory("pl-clip-junk")
        let part = home.appendingPathComponent("part.mp3")
        try CommandRunner.tool(
            "lame", ["--quiet", "-t", "-b", "128", try Self.source(in: home, rate: 44_100, channels: 2).path, part.path])
        let bytes = try Data(contentsOf: part)
        let joined = home.appendingPathComponent("joined.mp3")
        try (bytes + Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) & 0x7F }) + bytes).write(to: joined)
        let whole = try WAVFile(url: try Fixtures.mpg123Reference(of: joined, in: home))
        let refused = try Self.clip([joined.path, "25", "35", "-o", home.appendingPathComponent("x.mp3").path], home: home)
        #expect(refused.status == 64 && refused.stderr.contains("breaks off at 0:30"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("x.mp3").path))
        let wav = home.appendingPathComponent("x.wav")
        let made = try Self.clip([joined.path, "25", "35", "-o", wav.path], home: home)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try WAVFile(url: wav).samples == Self.span(whole, 25, 35))
        // Before the break the cut is as exact as ever.
        let early = home.appendingPathComponent("early.mp3")
        #expect(try Self.clip([joined.path, "10", "20", "-o", early.path], home: home).status == 0)
        #expect(try WAVFile(url: try Fixtures.mpg123Reference(of: early, in: home)).samples == Self.span(whole, 10, 20))
    }
}
