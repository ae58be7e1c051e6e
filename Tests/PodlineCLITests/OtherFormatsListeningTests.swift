import Foundation
import TestSupport
import Testing

/// What a listener does with an MP3 works with the other formats too: speed, skip silence, the file outputs, a queue of
/// different formats, and resuming a library episode where it was left.
@Suite("listening to other formats", .serialized)
struct OtherFormatsListeningTests {
    /// `seconds` of a tone, then 3 s of silence, then the tone again, in `codec` (ffmpeg's arguments).
    private func make(_ name: String, _ codec: [String], seconds: Int = 2, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let tone = "sine=frequency=440:sample_rate=44100:duration=\(seconds)"
        let filter = "[0][1][2]concat=n=3:v=0:a=1,aformat=channel_layouts=stereo"
        let made = try CommandRunner.tool(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", tone, "-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono:d=3", "-f", "lavfi", "-i",
                tone,
                "-filter_complex", filter,
            ] + codec + [url.path])
        guard made.status == 0 else { throw TestSupportError("ffmpeg: \(made.stderr)") }
        return url
    }

    @Test("an M4A at 1.5x lasts two thirds as long; with skip silence its 3 s pause is cut; AU and raw hold the WAV's samples")
    func speedSilenceOutputs() throws {
        let folder = try Fixtures.temporaryDirectory("pl-formats-listen")
        let m4a = try make("pause.m4a", ["-c:a", "aac", "-b:a", "96k"], in: folder)
        func played(_ flags: [String], as driver: String = "wav", name: String) throws -> URL {
            let out = folder.appendingPathComponent(name)
            let result = try PodlineBinary.run(["play", m4a.path, "--output", "\(driver):\(out.path)"] + flags, home: folder, timeout: 60)
            #expect(result.status == 0, "\(flags): \(result.stderr)")
            return out
        }
        let plain = try WAVFile(url: try played([], name: "plain.wav"))
        #expect(abs(plain.duration - 7) < 0.1, "\(plain.duration) s")
        let fast = try WAVFile(url: try played(["--speed", "1.5"], name: "fast.wav"))
        #expect(abs(fast.duration - plain.duration / 1.5) < 0.15, "1.5x: \(fast.duration) s of \(plain.duration) s")
        let skipped = try WAVFile(url: try played(["--skip-silence"], name: "skipped.wav"))
        #expect(skipped.duration < plain.duration - 2, "skip silence: \(skipped.duration) s of \(plain.duration) s")
        #expect(skipped.duration > 4, "both tones kept: \(skipped.duration) s")

        let raw = try Data(contentsOf: try played([], as: "raw", name: "plain.raw"))
        let rawSamples = raw.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(rawSamples == plain.samples)
        let au = try Data(contentsOf: try played([], as: "au", name: "plain.au"))
        #expect(au.prefix(4) == Data(".snd".utf8))
        let headerSize = au.prefix(8).suffix(4).reduce(0) { $0 << 8 | Int($1) }
        // AU holds big-endian samples.
        let auSamples = au.dropFirst(headerSize).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map { Int16(bigEndian: $0) }
        #expect(auSamples == plain.samples)
    }

    @Test("a queue of an M4A and an Opus file plays both in turn, each part as ffmpeg decodes it")
    func queueOfFormats() throws {
        let folder = try Fixtures.temporaryDirectory("pl-formats-queue")
        let m4a = try make("a.m4a", ["-c:a", "aac", "-b:a", "96k"], seconds: 1, in: folder)
        let opus = try make("b.opus", ["-c:a", "libopus", "-b:a", "64k"], seconds: 1, in: folder)
        let out = folder.appendingPathComponent("queue.wav")
        let result = try PodlineBinary.run(["play", m4a.path, opus.path, "--output", "wav:\(out.path)"], home: folder, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        // The Opus file decodes at 48 kHz, so it is the second part of the output (queue-2.wav).
        let second = folder.appendingPathComponent("queue-2.wav")
        for (file, part) in [(m4a, out), (opus, second)] {
            let reference = try FFmpegDecoding.samples(of: file)
            #expect(try WAVFile(url: part).samples == reference, "\(file.lastPathComponent)")
        }
    }

    @Test("a library episode in M4A resumes where it was left")
    func resumes() throws {
        let home = try Fixtures.temporaryDirectory("pl-formats-resume")
        let m4a = try make("talk.m4a", ["-c:a", "aac", "-b:a", "96k"], seconds: 4, in: home)
        try LibraryEditTests.subscribe(1, audio: m4a, home: home)
        let first = try PodlineBinary.run(
            ["play", "edits/1", "--duration", "3", "--output", "wav:\(home.appendingPathComponent("first.wav").path)"], home: home,
            timeout: 60)
        #expect(first.status == 0, "\(first.stderr)")
        let listed = try PodlineBinary.run(["episodes", "--json"], home: home)
        let episodes = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        let position = try #require(episodes.first?["position"] as? Double)
        #expect(abs(position - 3) < 0.2, "saved at \(position) s")
        let rest = home.appendingPathComponent("rest.wav")
        let second = try PodlineBinary.run(["play", "edits/1", "--output", "wav:\(rest.path)"], home: home, timeout: 60)
        #expect(second.status == 0, "\(second.stderr)")
        // Resumed 2 s before where it was left (rewind_on_resume): what is written is the rest of the 11 s file from there.
        let total = 11.0
        let heard = try WAVFile(url: rest).duration
        #expect(abs(heard - (total - (position - 2))) < 0.2, "resumed: \(heard) s written of \(total) s, left at \(position) s")
    }
}
