import Foundation
import PodcastKit
import TestSupport
import Testing

/// ReplayGain from ID3v2 tags, as mutagen writes them (an independent writer): TXXX track and album gains and RVA2.
@Suite("ReplayGain tags")
struct ReplayGainTagTests {
    /// A tag written by mutagen with `frames` (Python expressions of mutagen frames), v2.`version`.
    static func tag(_ frames: [String], version: Int = 4) throws -> [UInt8] {
        let folder = try Fixtures.temporaryDirectory("pl-replaygain-tag")
        let file = folder.appendingPathComponent("tag.id3")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let script = """
            import sys
            from mutagen.id3 import ID3, TXXX, RVA2
            tag = ID3()
            for frame in sys.argv[3:]: tag.add(eval(frame))
            tag.save(sys.argv[1], v2_version=int(sys.argv[2]))
            """
        for python in ["python3", "/usr/bin/python3"] {
            let result = try CommandRunner.run("/usr/bin/env", [python, "-c", script, file.path, "\(version)"] + frames)
            if result.status == 0 { return [UInt8](try Data(contentsOf: file)) }
        }
        throw TestSupportError("mutagen could not write the tag")
    }

    @Test("the track gain wins over the album gain and RVA2, in any text encoding and either version")
    func precedence() throws {
        for version in [3, 4] {
            let all = try Self.tag(
                [
                    #"TXXX(encoding=1, desc="REPLAYGAIN_ALBUM_GAIN", text=["-3.10 dB"])"#,
                    #"TXXX(encoding=3, desc="replaygain_track_gain", text=["+2.50 dB"])"#,
                    #"RVA2(desc="track", channel=1, gain=-4.25, peak=0.8)"#,
                ], version: version)
            #expect(ReplayGainTag.gain(tag: all) == 2.5)
        }
        let album = try Self.tag([#"TXXX(encoding=0, desc="replaygain_album_gain", text=["-3.10 dB"])"#])
        #expect(ReplayGainTag.gain(tag: album) == -3.1)
        let rva2 = try Self.tag([#"RVA2(desc="track", channel=1, gain=-4.25, peak=0.8)"#])
        #expect(ReplayGainTag.gain(tag: rva2) == -4.25)
    }

    @Test("no gain from a tag without one, a gain that is not a number, or one past ±60 dB")
    func none() throws {
        #expect(ReplayGainTag.gain(tag: try Self.tag([#"TXXX(encoding=3, desc="comment", text=["+2.50 dB"])"#])) == nil)
        #expect(ReplayGainTag.gain(tag: try Self.tag([#"TXXX(encoding=3, desc="replaygain_track_gain", text=["loud"])"#])) == nil)
        #expect(ReplayGainTag.gain(tag: try Self.tag([#"TXXX(encoding=3, desc="replaygain_track_gain", text=["99 dB"])"#])) == nil)
        #expect(ReplayGainTag.gain(tag: [0x49, 0x44, 0x33]) == nil)
    }
}
