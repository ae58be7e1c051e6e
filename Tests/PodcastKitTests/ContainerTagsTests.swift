import Foundation
import TestSupport
import Testing

@testable import PodcastKit

/// The tags and chapters of formats other than MP3, written by ffmpeg and read back through FFmpeg's libraries.
@Suite("tags and chapters of other formats")
struct ContainerTagsTests {
    /// A 6 s tone encoded with `codec`, with `metadata` (ffmetadata text: tags and chapters) when given.
    private func make(_ name: String, _ codec: [String], metadata: String? = nil, tags: [String] = []) throws -> URL {
        let folder = try Fixtures.temporaryDirectory("pl-tags")
        let url = folder.appendingPathComponent(name)
        var arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=6"]
        if let metadata {
            let file = folder.appendingPathComponent("meta.txt")
            try Data(metadata.utf8).write(to: file)
            arguments += ["-f", "ffmetadata", "-i", file.path, "-map", "0:a", "-map_metadata", "1", "-map_chapters", "1"]
        }
        for tag in tags { arguments += ["-metadata", tag] }
        try CommandRunner.tool("ffmpeg", arguments + codec + [url.path])
        return url
    }

    /// Runs `script` with mutagen (an independent writer) on `file`: `tags` is its Python object for the file.
    private func mutagen(_ file: URL, opening opener: String, _ lines: [String]) throws {
        let script =
            (["import sys", "from mutagen.mp4 import MP4", "from mutagen.oggopus import OggOpus", "tags = \(opener)(sys.argv[1])"]
            + lines + ["tags.save()"]).joined(separator: "\n")
        for python in ["python3", "/usr/bin/python3"] {
            if try CommandRunner.run("/usr/bin/env", [python, "-c", script, file.path]).status == 0 { return }
        }
        throw TestSupportError("mutagen could not write the tags")
    }

    private let chaptersText = """
        ;FFMETADATA1
        [CHAPTER]
        TIMEBASE=1/1000
        START=0
        END=2500
        title=Welcome
        [CHAPTER]
        TIMEBASE=1/1000
        START=2500
        END=6000
        title=Der Übergang ✓

        """

    @Test("an M4A's chapters (as ffmpeg writes them for an enhanced podcast) and an Opus file's CHAPTER comments (mutagen's)")
    func chapters() throws {
        let m4a = try make("talk.m4a", ["-c:a", "aac"], metadata: chaptersText)
        let opus = try make("talk.opus", ["-c:a", "libopus"])
        try mutagen(
            opus, opening: "OggOpus",
            [
                "tags['CHAPTER000'] = '00:00:00.000'", "tags['CHAPTER000NAME'] = 'Welcome'",
                "tags['CHAPTER001'] = '00:00:02.500'", "tags['CHAPTER001NAME'] = 'Der Übergang ✓'",
            ])
        for (file, source) in [(m4a, ChapterSource.mp4), (opus, .vorbisComments)] {
            let list = ChapterFinder.chapters(feed: [], file: file.path)
            #expect(list.source == source, "\(file.lastPathComponent)")
            #expect(list.chapters.map(\.title) == ["Welcome", "Der Übergang ✓"], "\(file.lastPathComponent)")
            #expect(list.chapters.map { ($0.start * 1000).rounded() } == [0, 2500], "\(file.lastPathComponent)")
        }
    }

    @Test("a file without chapters has none, and a feed's chapters are still preferred")
    func noneAndPreference() throws {
        let flac = try make("talk.flac", ["-c:a", "flac"])
        #expect(ChapterFinder.chapters(feed: [], file: flac.path) == .none)
        let m4a = try make("talk.m4a", ["-c:a", "aac"], metadata: chaptersText)
        let feed = [Chapter(start: 0, title: "From the feed")]
        #expect(ChapterFinder.chapters(feed: feed, file: m4a.path).source == .psc)
    }

    @Test("ReplayGain and R128 gains: FLAC's and Vorbis' comments, MP4's iTunes atom, Opus's R128_TRACK_GAIN")
    func gains() throws {
        let flac = try make("rg.flac", ["-c:a", "flac"], tags: ["REPLAYGAIN_TRACK_GAIN=-3.50 dB"])
        #expect(ReplayGainTag.gain(path: flac.path) == -3.5)
        let vorbis = try make("rg.ogg", ["-c:a", "libvorbis"], tags: ["REPLAYGAIN_ALBUM_GAIN=+1.25 dB"])
        #expect(ReplayGainTag.gain(path: vorbis.path) == 1.25)
        // iTunes' freeform atom, as foobar2000 and mutagen write it.
        let m4a = try make("rg.m4a", ["-c:a", "aac"])
        try mutagen(m4a, opening: "MP4", ["tags['----:com.apple.iTunes:replaygain_track_gain'] = [b'-7.00 dB']"])
        #expect(ReplayGainTag.gain(path: m4a.path) == -7)
        // 512 steps of 1/256 dB: 2 dB towards -23 LUFS, so 7 dB towards ReplayGain's -18 LUFS.
        let opus = try make("r128.opus", ["-c:a", "libopus"])
        try mutagen(opus, opening: "OggOpus", ["tags['R128_TRACK_GAIN'] = '512'"])
        #expect(ReplayGainTag.gain(path: opus.path) == 7)
        let plain = try make("plain.opus", ["-c:a", "libopus"])
        #expect(ReplayGainTag.gain(path: plain.path) == nil)
    }
}
