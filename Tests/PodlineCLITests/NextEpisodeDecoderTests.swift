import Foundation
import TestSupport
import Testing

@testable import Playback

@Suite("readying the next episode's decoder")
struct NextEpisodeDecoderTests {
    @Test("a file needs FFmpeg by its first bytes, whatever its name; an address by its ending, the query aside")
    func needsFFmpeg() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 1)
        let misnamed = folder.appendingPathComponent("really-m4a.mp3")
        try Data([0, 0, 0, 0x20] + Array("ftypM4A ".utf8) + [UInt8](repeating: 7, count: 100)).write(to: misnamed)

        #expect(!NextEpisodeDecoder.needsFFmpeg(mp3.path))
        #expect(NextEpisodeDecoder.needsFFmpeg(misnamed.path))
        #expect(!NextEpisodeDecoder.needsFFmpeg(folder.appendingPathComponent("missing.m4a").path))
        #expect(NextEpisodeDecoder.needsFFmpeg("https://example.com/shows/1.M4A?token=abc.mp3"))
        #expect(NextEpisodeDecoder.needsFFmpeg("http://example.com/episode.opus"))
        #expect(!NextEpisodeDecoder.needsFFmpeg("https://example.com/episode.mp3?format=m4a"))
        #expect(!NextEpisodeDecoder.needsFFmpeg("https://example.com/listen"))
    }
}
