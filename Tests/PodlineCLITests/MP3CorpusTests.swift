import Foundation
import TestSupport
import Testing

/// Every MP3 of the awkward corpus (`Tests/corpus/mp3/make-corpus.sh`: unusual ID3v2 frames, tags of
/// every kind, format changes mid-stream, tiny first frames, junk before the first frame, damage) decoded
/// by the real binary and by `mpg123 -w`, sample by sample.
@Suite("MP3s that mpg123 plays, against mpg123 -w", .serialized)
struct MP3CorpusTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("corpus/mp3/make-corpus.sh")

    /// Files Podline ends with exit 2, and the start of what it says. Everything else must exit 0.
    static let refused: [String: String] = [
        // The file ends inside its ID3v2 tag, or after one frame: mpg123 writes nothing either.
        "damaged_cut_inside_id3v2.mp3": "ends before its first audio frame",
        "damaged_single_frame.mp3": "ends before its first audio frame",
        // 100 KiB of junk: more than mpg123 itself searches (64 KiB); it refuses the file too.
        "junk_100k_random.mp3": "no MPEG audio frame in its first 64 KiB",
        // Podline refuses a file that starts as text (an error page saved as .mp3); mpg123 plays on.
        "junk_2k_text.mp3": "is a text file, not audio",
        // The audio stops where the file's own header says it goes on: every sample is mpg123's, and the
        // shortfall is reported.
        "damaged_garbage_middle_4k.mp3": "file is truncated",
        "damaged_truncated_midframe.mp3": "file is truncated",
    ]

    @Test("each file plays as mpg123 decodes it; a format change goes on in the next part of a file output")
    func corpus() throws {
        let folder = try Fixtures.temporaryDirectory("pl-mp3corpus")
        let corpus = folder.appendingPathComponent("corpus")
        let made = try CommandRunner.run("/bin/bash", [Self.script.path, corpus.path], timeout: 300)
        try #require(made.status == 0, "make-corpus.sh: \(made.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".mp3") }.sorted()
        try #require(files.count >= 40)
        for file in files {
            let mp3 = corpus.appendingPathComponent(file)
            let name = mp3.deletingPathExtension().lastPathComponent
            let reference = folder.appendingPathComponent(name + "-mpg123.wav")
            _ = try CommandRunner.run("/usr/bin/env", ["mpg123", "-q", "-w", reference.path, mp3.path])
            let out = folder.appendingPathComponent(name + ".wav")
            let played = try PodlineBinary.run(["play", mp3.path, "--output", "wav:\(out.path)", "--quiet"], home: folder)
            if let reason = Self.refused[file] {
                #expect(played.status == 2, "\(file): \(played.stderr)")
                #expect(played.stderrLines.count == 1 && played.stderr.contains(reason), "\(file): \(played.stderr)")
            } else {
                #expect(played.status == 0, "\(file): \(played.stderr)")
            }
            let theirs = try? WAVFile(url: reference)
            guard let theirs, theirs.frameCount > 0 else {
                #expect(!FileManager.default.fileExists(atPath: out.path), "\(file): mpg123 wrote nothing, Podline did")
                continue
            }
            if file == "junk_2k_text.mp3" { continue }
            // mpg123 -w reopens its file at a format change, so it holds the last part; Podline writes each
            // part to a file of its own.
            var parts = [out]
            while case let next = folder.appendingPathComponent("\(name)-\(parts.count + 1).wav"),
                FileManager.default.fileExists(atPath: next.path)
            {
                parts.append(next)
            }
            let ours = try WAVFile(url: parts[parts.count - 1])
            #expect(ours.sampleRate == theirs.sampleRate && ours.channels == theirs.channels, "\(file)")
            #expect(ours.samples == theirs.samples, "\(file): \(ours.frameCount) frames against \(theirs.frameCount)")
            if file.hasPrefix("fmt_") && !file.contains("same_format") {
                #expect(parts.count > 1, "\(file): a format change should start a second part")
            }
        }
    }
}
