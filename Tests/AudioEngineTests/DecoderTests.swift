import Foundation
import TestSupport
import Testing

@testable import AudioEngine

@Suite("Decoder")
struct DecoderTests {
    @Test("decodes a stereo MP3 to 16-bit PCM at the stream's rate and channels")
    func reportsStreamFormat() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 1, rate: 32_000, channels: 1, bitrate: 64)
        let decoder = try Decoders.open(path: mp3.path)
        #expect(decoder.format == AudioFormat(sampleRate: 32_000, channels: 1))
        #expect(decoder.announcedFrames == 32_000)
    }

    @Test("gapless decoding yields exactly the encoded number of frames")
    func gaplessLength() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 2)
        let decoder = try Decoders.open(path: mp3.path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8192, alignment: 16)
        defer { buffer.deallocate() }
        var frames = 0
        while case let .audio(bytes) = try decoder.read(into: buffer) { frames += bytes / 4 }
        #expect(frames == 88_200)
        #expect(decoder.position == 88_200)
    }

    @Test("seeking lands on the requested frame")
    func seekIsSampleAccurate() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 3)
        let whole = try WAVFile(url: Fixtures.mpg123Reference(of: mp3, in: folder))
        let decoder = try Decoders.open(path: mp3.path)
        try decoder.seek(toFrame: 50_000)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
        defer { buffer.deallocate() }
        guard case let .audio(bytes) = try decoder.read(into: buffer) else {
            Issue.record("no audio after seek")
            return
        }
        let got = Array(buffer.bindMemory(to: Int16.self).prefix(bytes / 2))
        #expect(got == Array(whole.samples[100_000..<100_000 + got.count]))
    }

    @Test("a missing file is unreadable, naming the file and the system's reason")
    func missingFile() {
        #expect(throws: AudioError.unreadable(path: "/nonexistent/x.mp3", reason: "no such file or directory")) {
            try Decoders.open(path: "/nonexistent/x.mp3")
        }
    }

    @Test("an empty file, a text file, an HTML page, and damaged M4A, AAC and Opus are refused with reasons that name them")
    func refusesNonMP3() throws {
        let folder = try Fixtures.temporaryDirectory()
        let cases: [(String, [UInt8], String)] = [
            ("empty.mp3", [], "file is empty"),
            ("notes.mp3", Array("just some notes\nnot audio at all\n".utf8), "is a text file, not audio"),
            ("page.mp3", Array("<!DOCTYPE html><html><body>404</body></html>".utf8), "is an HTML page, not audio"),
            (
                "song.m4a", [0, 0, 0, 0x20] + Array("ftypM4A ".utf8) + [UInt8](repeating: 7, count: 100),
                "MP4 file: damaged, or not what its first bytes say"
            ),
            // An ADTS header (AAC-LC, 44.1 kHz, stereo): a sync word that MPEG audio's layer bits never give.
            (
                "episode.aac", [0xFF, 0xF1, 0x50, 0x80, 0x2E, 0x7F, 0xFC] + [UInt8](repeating: 0x21, count: 200),
                "AAC (ADTS) file: no audio track"
            ),
            (
                "episode.opus",
                Array("OggS".utf8) + [UInt8](repeating: 0, count: 24) + Array("OpusHead".utf8) + [UInt8](repeating: 1, count: 40),
                "Opus (Ogg) file: cannot read the container: End of file"
            ),
        ]
        for (name, bytes, reason) in cases {
            let url = folder.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            do {
                _ = try Decoders.open(path: url.path)
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.description == "\(url.path): \(reason)")
            }
        }
    }

    @Test("random bytes that are not MPEG audio are refused")
    func refusesNoise() throws {
        let folder = try Fixtures.temporaryDirectory()
        let url = folder.appendingPathComponent("noise.mp3")
        var generator = SystemRandomNumberGenerator()
        try Data((0..<4096).map { _ in UInt8.random(in: 0...0xFE, using: &generator) & 0x7F }).write(to: url)
        #expect(throws: AudioError.self) { try Decoders.open(path: url.path) }
    }
}
