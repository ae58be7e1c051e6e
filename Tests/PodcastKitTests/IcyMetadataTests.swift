import Foundation
import Testing

@testable import PodcastKit

/// Icecast's metadata taken out of a live stream's bytes: the audio comes out whole and in order however the bytes are
/// cut, and each title with where it stands in that audio.
@Suite("Icecast metadata in a stream")
struct IcyMetadataTests {
    /// A stream of `blocks` audio blocks of `interval` bytes (byte i of the audio is i % 251), each followed by a
    /// metadata block: `titles[k]` after block k when given, else an empty one.
    static func stream(interval: Int, blocks: Int, titles: [Int: [UInt8]]) -> (bytes: [UInt8], audio: [UInt8]) {
        var bytes: [UInt8] = []
        var audio: [UInt8] = []
        for block in 0..<blocks {
            let part = (0..<interval).map { UInt8((block * interval + $0) % 251) }
            audio += part
            bytes += part
            if let text = titles[block] {
                let padded = text + [UInt8](repeating: 0, count: (16 - text.count % 16) % 16)
                bytes.append(UInt8(padded.count / 16))
                bytes += padded
            } else {
                bytes.append(0)
            }
        }
        return (bytes, audio)
    }

    @Test("cut anywhere, the audio is whole and each title stands where its block was")
    func anyCut() throws {
        let titles: [Int: [UInt8]] = [
            0: Array("StreamTitle='Host - First';StreamUrl='';".utf8),
            2: Array("StreamTitle='Caf\u{e9} \u{1F3A7}';".utf8),
            3: [
                0x53, 0x74, 0x72, 0x65, 0x61, 0x6D, 0x54, 0x69, 0x74, 0x6C, 0x65, 0x3D, 0x27, 0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0x27,
                0x3B,
            ],
            4: Array("StreamTitle='';".utf8),
        ]
        let (bytes, audio) = Self.stream(interval: 1_000, blocks: 5, titles: titles)
        for chunk in [1, 7, 16, 999, 1_000, 1_001, 4_096, bytes.count] {
            var reader = try #require(IcyMetadata(interval: 1_000))
            var heard: [UInt8] = []
            var found: [(Int, String)] = []
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                let (part, named) = reader.take(Array(bytes[start..<min(bytes.count, start + chunk)]))
                found += named.map { (heard.count + $0.offset, $0.title) }
                heard += part
            }
            #expect(heard == audio, "cut every \(chunk) bytes")
            #expect(found.map(\.0) == [1_000, 3_000, 4_000], "cut every \(chunk) bytes")
            // UTF-8 as sent; an older server's Latin-1 read as such; an empty title is no title.
            #expect(found.map(\.1) == ["Host - First", "Café 🎧", "Müller"], "cut every \(chunk) bytes")
        }
    }

    @Test("a title with a quote inside, control characters, no key; intervals a server never sends")
    func oddBlocks() {
        #expect(IcyMetadata.title(in: Array("StreamTitle='Rock 'n' Roll';StreamUrl='x';".utf8)) == "Rock 'n' Roll")
        #expect(IcyMetadata.title(in: Array("StreamTitle='a\u{1B}[31mb\tc';".utf8)) == "a[31mbc")
        #expect(IcyMetadata.title(in: Array("StreamUrl='x';".utf8)) == nil)
        #expect(IcyMetadata.title(in: Array("StreamTitle='unclosed".utf8)) == "unclosed")
        #expect(IcyMetadata(header: "0") == nil)
        #expect(IcyMetadata(header: "-5") == nil)
        #expect(IcyMetadata(header: "abc") == nil)
        #expect(IcyMetadata(header: "99999999999") == nil)
        #expect(IcyMetadata(header: " 16000 ")?.interval == 16_000)
    }
}
