import Foundation
import TestSupport
import Testing

/// `podline play` with every format but MP3, end to end: the real binary, ffmpeg as the reference, and the player's own
/// memory map to show that FFmpeg's libraries are loaded only for those formats.
@Suite("playing other formats", .serialized)
struct OtherFormatsPlayTests {
    /// Two tones, one a channel, `seconds` at 44.1 kHz, encoded by ffmpeg with `codec`.
    private func make(_ name: String, _ codec: [String], seconds: Int = 2, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let signal = "aevalsrc=0.4*sin(2*PI*440*t)|0.3*sin(2*PI*660*t):s=44100:d=\(seconds)"
        try CommandRunner.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", signal] + codec + [url.path])
        return url
    }

    @Test("an M4A, an Opus and a FLAC file play to a WAV file exactly as ffmpeg decodes them")
    func playsToWAV() throws {
        let folder = try Fixtures.temporaryDirectory("pl-play-formats")
        let files = [
            try make("talk.m4a", ["-c:a", "aac", "-b:a", "96k"], in: folder),
            try make("talk.opus", ["-c:a", "libopus", "-b:a", "64k"], in: folder),
            try make("talk.flac", ["-c:a", "flac"], in: folder),
        ]
        for file in files {
            let out = folder.appendingPathComponent(file.lastPathComponent + ".wav")
            let result = try PodlineBinary.run(["play", file.path, "--output", "wav:\(out.path)"], home: folder, timeout: 60)
            #expect(result.status == 0, "\(file.lastPathComponent): \(result.stderr)")
            let played = try WAVFile(url: out)
            let reference = try CommandRunner.tool(
                "ffmpeg", ["-v", "error", "-i", file.path, "-f", "s16le", "-ac", "2", "-"]
            ).stdoutData.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            #expect(played.channels == 2)
            #expect(played.samples.count == reference.count, "\(file.lastPathComponent)")
            #expect(played.samples == reference, "\(file.lastPathComponent)")
        }
    }

    @Test("a player of an MP3 never loads FFmpeg; a player of an M4A does")
    func loadsFFmpegOnlyForOtherFormats() throws {
        let folder = try Fixtures.temporaryDirectory("pl-play-formats")
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 20)
        let m4a = try make("talk.m4a", ["-c:a", "aac"], seconds: 20, in: folder)
        let output = "pulse:unix:\(sound.runtimeDirectory.path)/pulse/native"
        for (file, loads) in [(mp3, false), (m4a, true)] {
            let runtime = try Fixtures.temporaryDirectory("pl-run")
            let player = try BackgroundProcess.podline(
                ["play", file.path, "--output", output, "--quiet"], home: folder,
                environment: ["XDG_RUNTIME_DIR": runtime.path])
            defer { player.killNow() }
            // Playing: the sink's client exists once the output is open; the map is read while the audio runs.
            let maps = poll(timeout: 20) {
                // Read with cat: Foundation stops at the size /proc gives its files, which is 0.
                (try? CommandRunner.run("/bin/cat", ["/proc/\(player.pid)/maps"]).stdout) ?? ""
            } until: {
                $0.contains("libpulse")
            }
            #expect(maps.contains("libpulse"), "\(file.lastPathComponent): not playing")
            #expect(maps.contains("libavformat") == loads, "\(file.lastPathComponent)")
            #expect(maps.contains("libavcodec") == loads, "\(file.lastPathComponent)")
        }
    }

    @Test("a video without audio is refused with one line and exit 2")
    func videoOnly() throws {
        let folder = try Fixtures.temporaryDirectory("pl-play-formats")
        let video = folder.appendingPathComponent("clip.mp4")
        try CommandRunner.tool(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1", "-c:v", "mpeg4", video.path])
        let result = try PodlineBinary.run(["play", video.path, "--output", "null"], home: folder, timeout: 30)
        #expect(result.status == 2)
        #expect(result.stderrLines == ["podline: \(video.path): MP4 file: no audio track (video only)"])
    }
}
