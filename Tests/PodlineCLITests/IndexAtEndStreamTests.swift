import Foundation
import TestSupport
import Testing

/// An M4A whose index (`moov`) is at the end of the file, streamed: a server that sends parts of a file is asked for
/// the end first; one that does not is downloaded once, with the now-playing line saying how far, then played.
@Suite("an M4A with its index at the end, streamed", .serialized)
struct IndexAtEndStreamTests {
    private func make(_ name: String, seconds: Int, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let signal = "aevalsrc=0.3*sin(2*PI*440*t)|0.3*sin(2*PI*550*t):s=44100:d=\(seconds)"
        let made = try CommandRunner.tool(
            "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", signal, "-c:a", "aac", "-b:a", "96k", url.path])
        guard made.status == 0 else { throw TestSupportError("ffmpeg: \(made.stderr)") }
        return url
    }

    @Test("a server that sends parts is asked for the index at the end, then for the audio; one that does not is read once")
    func requests() throws {
        let folder = try Fixtures.temporaryDirectory("pl-index-end")
        let served = try Fixtures.subfolder("served", in: folder)
        let file = try make("end.m4a", seconds: 30, in: served)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        let web = try SlowFileServer(folder: served, chunkBytes: 16_384, delay: 0)
        defer { web.stop() }
        let reference = try FFmpegDecoding.samples(of: file)

        let parts = folder.appendingPathComponent("parts.wav")
        let ranged = try PodlineBinary.run(["play", web.url("end.m4a"), "--output", "wav:\(parts.path)"], home: folder, timeout: 60)
        #expect(ranged.status == 0, "\(ranged.stderr)")
        #expect(try WAVFile(url: parts).samples == reference)
        let asked = web.requests(for: "end.m4a")
        // The start, then the index at the end (a range beyond the audio), then the audio again.
        #expect(asked.count >= 3, "\(asked)")
        let offsets = asked.map { Int($0.dropFirst("bytes=".count).prefix { $0 != "-" }) ?? 0 }
        #expect(offsets.contains { $0 > size / 2 }, "\(asked)")

        let whole = folder.appendingPathComponent("whole.wav")
        let plain = try PodlineBinary.run(
            ["play", web.url("norange/end.m4a"), "--output", "wav:\(whole.path)"], home: folder, timeout: 60)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try WAVFile(url: whole).samples == reference)
        #expect(web.requests(for: "norange/end.m4a").count == 1, "\(web.requests(for: "norange/end.m4a"))")
    }

    @Test("from a server that sends no parts, the now-playing line shows the download before the episode plays")
    func progressLine() throws {
        let folder = try Fixtures.temporaryDirectory("pl-index-end-line")
        let served = try Fixtures.subfolder("served", in: folder)
        _ = try make("slow.m4a", seconds: 60, in: served)
        // About 750 kB at 320 kB/s: two seconds or so of download.
        let web = try SlowFileServer(folder: served, chunkBytes: 16_384, delay: 0.05)
        defer { web.stop() }
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let tmux = try TmuxSession(podline: ["play", web.url("norange/slow.m4a")], folder: folder, sound: sound)
        defer { tmux.kill() }
        var seen: [String] = []
        try tmux.waitFor { screen in
            if let line = screen.split(separator: "\n").first(where: { $0.contains("downloading first") }) {
                seen.append(String(line))
            }
            return seen.count >= 2 && seen.first != seen.last
        }
        #expect(seen.allSatisfy { $0.contains("/ 0.7 MB") || $0.contains("/ 0.8 MB") }, "\(seen)")
        try tmux.waitFor { $0.contains("▶ slow.m4a  0:0") && !$0.contains("downloading") }
        #expect(web.requests(for: "norange/slow.m4a").count == 1)
        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }
}
