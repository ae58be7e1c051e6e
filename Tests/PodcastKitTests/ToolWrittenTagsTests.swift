import Foundation
import TestSupport
import Testing

@testable import PodcastKit

/// Gains and chapters written by the formats' own encoders (flac, opusenc, oggenc) as they encode, not by ffmpeg or
/// mutagen afterwards, and read back through FFmpeg's libraries. A tool that is missing fails the test, naming the
/// package that brings it.
@Suite("tags written by the formats' own encoders")
struct ToolWrittenTagsTests {
    /// The Debian package of each tool these tests run.
    static let packages = ["sox": "sox", "flac": "flac", "metaflac": "flac", "opusenc": "opus-tools", "oggenc": "vorbis-tools"]

    /// Runs `name` (which must succeed), failing with the package to install when it is missing.
    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult {
        guard CommandRunner.which(name) != nil else {
            throw TestSupportError("\(name) is not installed: apt-get install \(packages[name] ?? name)")
        }
        // oggenc and opusenc read --comment in the locale's character set.
        return try CommandRunner.tool(name, arguments, environment: ["LC_ALL": "C.UTF-8"])
    }

    /// A 3 s stereo tone made by sox, and where `name` should be encoded from it.
    static func source(_ name: String) throws -> (wav: String, out: URL) {
        let folder = try Fixtures.temporaryDirectory("pl-tool-tags")
        let wav = folder.appendingPathComponent("source.wav").path
        try tool("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "3", "sine", "440", "sine", "660", "gain", "-6"])
        return (wav, folder.appendingPathComponent(name))
    }

    @Test("flac --tag=REPLAYGAIN_TRACK_GAIN=-3.20 dB is a gain of -3.2 dB")
    func flacGainGiven() throws {
        let (wav, flac) = try Self.source("given.flac")
        try Self.tool("flac", ["--silent", "--tag=REPLAYGAIN_TRACK_GAIN=-3.20 dB", "-o", flac.path, wav])
        #expect(ContainerTags(path: flac.path)?.tag("replaygain_track_gain") == "-3.20 dB")
        #expect(ReplayGainTag.gain(path: flac.path) == -3.2)
    }

    @Test("flac --replay-gain's own measurement is read as metaflac shows it")
    func flacGainMeasured() throws {
        let (wav, flac) = try Self.source("measured.flac")
        try Self.tool("flac", ["--silent", "--replay-gain", "-o", flac.path, wav])
        // metaflac prints REPLAYGAIN_TRACK_GAIN=-11.72 dB
        let shown = try Self.tool("metaflac", ["--show-tag=REPLAYGAIN_TRACK_GAIN", flac.path]).stdout
        let text = try #require(shown.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        let written = try #require(Double(text.replacingOccurrences(of: " dB", with: "")), "metaflac showed \(shown)")
        #expect(written != 0, "flac measured nothing: \(shown)")
        #expect(ReplayGainTag.gain(path: flac.path) == written, "metaflac shows \(shown)")
    }

    @Test("opusenc --comment R128_TRACK_GAIN=-512 is -2 dB towards -23 LUFS: +3 dB towards ReplayGain's -18")
    func opusR128() throws {
        let (wav, opus) = try Self.source("r128.opus")
        try Self.tool("opusenc", ["--quiet", "--comment", "R128_TRACK_GAIN=-512", wav, opus.path])
        #expect(ContainerTags(path: opus.path)?.tag("R128_TRACK_GAIN") == "-512")
        #expect(ReplayGainTag.gain(path: opus.path) == 3)
        // Without the comment, opusenc writes no gain of its own.
        let (_, plain) = try Self.source("plain.opus")
        try Self.tool("opusenc", ["--quiet", wav, plain.path])
        #expect(ReplayGainTag.gain(path: plain.path) == nil)
    }

    /// An encoder and the arguments that make it write `comments` (NAME=VALUE) while it encodes `wav` to `out`.
    struct Writer: CustomTestStringConvertible, Sendable {
        var tool: String
        var file: String
        var arguments: @Sendable (_ comments: [String], _ wav: String, _ out: String) -> [String]
        var testDescription: String { tool }
    }

    static let writers = [
        Writer(tool: "oggenc", file: "talk.ogg") { comments, wav, out in
            ["--quiet"] + comments.flatMap { ["--comment", $0] } + ["-o", out, wav]
        },
        Writer(tool: "opusenc", file: "talk.opus") { comments, wav, out in
            ["--quiet"] + comments.flatMap { ["--comment", $0] } + [wav, out]
        },
        Writer(tool: "flac", file: "talk.flac") { comments, wav, out in
            ["--silent"] + comments.map { "--tag=\($0)" } + ["-o", out, wav]
        },
    ]

    @Test("CHAPTERxxx and CHAPTERxxxNAME comments written by the encoder are the file's chapters", arguments: writers)
    func chapters(_ writer: Writer) throws {
        let (wav, file) = try Self.source(writer.file)
        let comments = [
            "CHAPTER000=00:00:00.000", "CHAPTER000NAME=Welcome", "CHAPTER001=00:00:01.000", "CHAPTER001NAME=Second",
            "CHAPTER002=00:00:02.250", "CHAPTER002NAME=Der Übergang ✓",
        ]
        try Self.tool(writer.tool, writer.arguments(comments, wav, file.path))
        let list = ChapterFinder.chapters(feed: [], file: file.path)
        #expect(list.source == .vorbisComments)
        #expect(list.chapters.map(\.title) == ["Welcome", "Second", "Der Übergang ✓"])
        #expect(list.chapters.map { ($0.start * 1000).rounded() } == [0, 1000, 2250])
        // Each chapter ends where the next begins.
        #expect(list.chapters.prefix(2).map { $0.end.map { ($0 * 1000).rounded() } } == [1000, 2250])
    }
}
