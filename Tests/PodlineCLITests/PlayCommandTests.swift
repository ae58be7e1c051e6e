import Foundation
import TestSupport
import Testing

/// `podline play` and `podline demo`, run as a user runs them: the built binary.
@Suite("podline play")
struct PlayCommandTests {
    @Test("a WAV written by podline holds the same PCM as mpg123 -w")
    func sampleExactAgainstMPG123() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 4, frequency: 523.25)
        let reference = try WAVFile(url: Fixtures.mpg123Reference(of: mp3, in: folder))
        let out = folder.appendingPathComponent("podline.wav")
        let result = try PodlineBinary.run(["play", mp3.path, "--output", "wav:\(out.path)"], home: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let ours = try WAVFile(url: out)
        #expect(ours.sampleRate == reference.sampleRate)
        #expect(ours.channels == reference.channels)
        #expect(ours.samples.count == reference.samples.count)
        #expect(ours.samples == reference.samples)
    }

    @Test(
        "--start and --duration cut within one MPEG frame (1152 samples)",
        arguments: [
            ("1.5", "2", 66_150, 88_200), ("0:01", "0.5", 44_100, 22_050), ("90s", "1:00", 0, 0),
        ] as [(String, String, Int, Int)])
    func startAndDuration(start: String, duration: String, expectedStart: Int, expectedFrames: Int) throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 4, frequency: 311)
        let reference = try WAVFile(url: Fixtures.mpg123Reference(of: mp3, in: folder))
        let out = folder.appendingPathComponent("cut.wav")
        let result = try PodlineBinary.run(
            [
                "play", mp3.path, "--output", "wav:\(out.path)",
                "--start", start, "--duration", duration,
            ], home: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let cut = try WAVFile(url: out)
        #expect(abs(cut.frameCount - expectedFrames) <= 1152)
        guard expectedFrames > 0 else { return }
        let probe = Array(cut.samples.prefix(2 * 2048))
        let offset = (-1152...1152).first { shift in
            let from = 2 * (expectedStart + shift)
            return from >= 0 && Array(reference.samples[from..<from + probe.count]) == probe
        }
        #expect(offset != nil, "the cut does not start within one frame of \(expectedStart)")
    }

    @Test("the demo episode is bundled, under 300 KB, and plays to a WAV file")
    func demoPlays() throws {
        let folder = try Fixtures.temporaryDirectory()
        let out = folder.appendingPathComponent("demo.wav")
        let result = try PodlineBinary.run(["demo", "--output", "wav:\(out.path)"], home: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let wav = try WAVFile(url: out)
        #expect(wav.duration > 10)
        let demo = try #require(result.stdout.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
        let size = try FileManager.default.attributesOfItem(atPath: demo)[.size] as? Int ?? .max
        #expect(size < 300_000)
    }

    @Test("no audio device: exit 3 and exactly one line saying what was tried and how to choose another output")
    func noAudioDevice() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 1)
        let result = try PodlineBinary.run(
            ["play", mp3.path], home: folder,
            environment: PodlineBinary.silentMachine(home: folder))
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1, "stderr was: \(result.stderr)")
        let line = try #require(result.stderrLines.first)
        #expect(line.hasPrefix("podline: no audio output is available (tried "))
        #expect(line.contains("pulse"))
        #expect(line.contains("--output null"))
        #expect(line.contains("--output wav:FILE"))
    }

    @Test("--output null plays silently and exits 0 on a machine without sound")
    func nullOutput() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 1)
        let result = try PodlineBinary.run(
            ["play", mp3.path, "--output", "null"], home: folder,
            environment: PodlineBinary.silentMachine(home: folder))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test("bad input gets exit 2 and one line naming the file and the reason")
    func badInput() throws {
        let folder = try Fixtures.temporaryDirectory()
        let empty = folder.appendingPathComponent("empty.mp3")
        try Data().write(to: empty)
        let text = folder.appendingPathComponent("readme.txt")
        try Data("This is not an episode.\n".utf8).write(to: text)
        let m4a = folder.appendingPathComponent("episode.m4a")
        try Data([0, 0, 0, 0x18] + Array("ftypM4A ".utf8) + [UInt8](repeating: 0x41, count: 2000)).write(to: m4a)
        let cases: [(String, String)] = [
            (folder.appendingPathComponent("missing.mp3").path, "no such file or directory"),
            (empty.path, "file is empty"),
            (text.path, "is a text file, not audio"),
            (m4a.path, "MP4 file: damaged, or not what its first bytes say"),
            (folder.path, "is a directory"),
        ]
        for (path, reason) in cases {
            let result = try PodlineBinary.run(["play", path, "--output", "null"], home: folder, timeout: 20)
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderrLines.count == 1, "\(path): \(result.stderr)")
            #expect(result.stderr.hasPrefix("podline: \(path): \(reason)"), "\(result.stderr)")
            #expect(!result.timedOut)
        }
    }

    @Test("a file that is not audio is refused without loading FFmpeg and the hundred libraries behind it to look for its chapters")
    func refusedWithoutFFmpeg() throws {
        let folder = try Fixtures.temporaryDirectory()
        let text = folder.appendingPathComponent("notes.txt")
        try Data("These are notes, not an episode.\n".utf8).write(to: text)
        let m4a = folder.appendingPathComponent("short.m4a")
        try CommandRunner.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", m4a.path])
        /// The libraries the dynamic linker loaded for `play FILE` (glibc's LD_DEBUG log), and the command's result.
        func play(_ file: URL) throws -> (ProcessResult, String) {
            let log = try Fixtures.temporaryDirectory("pl-ld")
            let result = try PodlineBinary.run(
                ["play", file.path, "--output", "null"], home: folder,
                environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log.appendingPathComponent("ld").path])
            let names = try FileManager.default.contentsOfDirectory(atPath: log.path)
            let loaded = try names.map { try String(contentsOf: log.appendingPathComponent($0), encoding: .utf8) }.joined()
            return (result, loaded)
        }
        let (refused, loaded) = try play(text)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderrLines == ["podline: \(text.path): is a text file, not audio"])
        #expect(loaded.contains("libc.so.6"), "the linker's log was written")
        #expect(!loaded.contains("libavformat"), "FFmpeg was loaded for a text file")
        // An M4A does need it: the log would show it.
        let (played, forM4A) = try play(m4a)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(forM4A.contains("libavformat"))
    }

    @Test("a truncated MP3 plays what it has, then reports the truncation with exit 2")
    func truncated() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 6)
        let whole = try Data(contentsOf: mp3)
        let cutFile = folder.appendingPathComponent("cut.mp3")
        try whole.prefix(whole.count / 2).write(to: cutFile)
        let out = folder.appendingPathComponent("cut.wav")
        let result = try PodlineBinary.run(["play", cutFile.path, "--output", "wav:\(out.path)"], home: folder)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("podline: \(cutFile.path): file is truncated: played "))
        let played = try WAVFile(url: out)
        #expect(played.duration > 2.5 && played.duration < 3.5)
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["play", "x.mp3", "--volume", "101"], ["play", "x.mp3", "--start", "soon"], ["play", "x.mp3", "--output", "wav"],
            ["play", "x.mp3", "--speed", "9"], ["play", "x.mp3", "--output", "nosuch"], ["play", "x.mp3", "--spede", "2"],
        ])
    func usageErrors(arguments: [String]) throws {
        let folder = try Fixtures.temporaryDirectory()
        let result = try PodlineBinary.run(arguments, home: folder, environment: PodlineBinary.silentMachine(home: folder))
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }
}
