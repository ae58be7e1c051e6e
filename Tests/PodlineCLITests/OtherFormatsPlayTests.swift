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
            let reference = try FFmpegDecoding.samples(of: file)
            #expect(played.channels == 2)
            #expect(played.samples.count == reference.count, "\(file.lastPathComponent)")
            #expect(played.samples == reference, "\(file.lastPathComponent)")
        }
    }

    @Test(
        "streamed over HTTP: an M4A with its index at the end (fetched with a Range request) or at the front, and an Opus file, play as ffmpeg decodes them; --start counts from the start asked for"
    )
    func streams() throws {
        let folder = try Fixtures.temporaryDirectory("pl-stream-formats")
        let served = try Fixtures.subfolder("served", in: folder)
        let files = [
            try make("end.m4a", ["-c:a", "aac", "-b:a", "96k"], seconds: 4, in: served),
            try make("front.m4a", ["-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart"], seconds: 4, in: served),
            try make("talk.opus", ["-c:a", "libopus", "-b:a", "64k"], seconds: 4, in: served),
        ]
        let web = try SlowFileServer(folder: served, chunkBytes: 16_384, delay: 0)
        defer { web.stop() }
        for file in files {
            let name = file.lastPathComponent
            let reference = try FFmpegDecoding.samples(of: file)
            let out = folder.appendingPathComponent(name + ".wav")
            let result = try PodlineBinary.run(["play", web.url(name), "--output", "wav:\(out.path)"], home: folder, timeout: 60)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let played = try WAVFile(url: out)
            #expect(played.samples == reference, "\(name): \(played.samples.count) samples, ffmpeg \(reference.count)")
            // From 1 s on: what is written is the rest of the episode, from the frame for 1 s.
            let late = folder.appendingPathComponent(name + "-late.wav")
            let started = try PodlineBinary.run(
                ["play", web.url(name), "--start", "1", "--output", "wav:\(late.path)"], home: folder, timeout: 60)
            #expect(started.status == 0, "\(name): \(started.stderr)")
            let rest = try WAVFile(url: late)
            let skipped = reference.count / 2 - rest.frameCount
            #expect(abs(skipped - rest.sampleRate) <= rest.sampleRate / 100, "\(name): \(skipped) frames skipped for 1 s")
        }
    }

    @Test(
        "from a server without Range requests, an M4A with its index at the end still plays whole (what comes before the index is read through)"
    )
    func streamsWithoutRange() throws {
        let folder = try Fixtures.temporaryDirectory("pl-stream-formats")
        let served = try Fixtures.subfolder("served", in: folder)
        let file = try make("end.m4a", ["-c:a", "aac", "-b:a", "96k"], seconds: 4, in: served)
        let web = try SlowFileServer(folder: served, chunkBytes: 16_384, delay: 0)
        defer { web.stop() }
        let reference = try FFmpegDecoding.samples(of: file)
        let out = folder.appendingPathComponent("end.wav")
        let result = try PodlineBinary.run(
            ["play", web.url("norange/end.m4a"), "--output", "wav:\(out.path)"], home: folder, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try WAVFile(url: out).samples == reference)
    }

    @Test("a stop while FFmpeg waits for a slow server is taken at once: the player ends, nothing is reported as failed")
    func stopWhileWaiting() throws {
        let folder = try Fixtures.temporaryDirectory("pl-stream-formats")
        let served = try Fixtures.subfolder("served", in: folder)
        _ = try make("slow.m4a", ["-c:a", "aac"], seconds: 30, in: served)
        // 4 KB every 2 s: the container's index, at the end, is minutes away.
        let web = try SlowFileServer(folder: served, chunkBytes: 4_096, delay: 2)
        defer { web.stop() }
        let runtime = try Fixtures.temporaryDirectory("pl-run")
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": runtime.path]
        let errors = folder.appendingPathComponent("stderr.txt")
        let player = try BackgroundProcess.podline(
            ["play", web.url("slow.m4a"), "--output", "null", "--quiet"], home: folder, environment: environment, stderr: errors)
        defer { player.killNow() }
        let status = poll(timeout: 10) {
            try? PodlineBinary.run(["status", "--json"], home: folder, environment: environment)
        } until: {
            $0?.stdout.contains("slow.m4a") == true
        }
        #expect(status?.stdout.contains("slow.m4a") == true, "\(status?.stdout ?? "")")
        let stop = try PodlineBinary.run(["stop"], home: folder, environment: environment)
        #expect(stop.status == 0, "\(stop.stderr)")
        let ended = player.wait(timeout: 3)
        #expect(ended == 0, "the player did not end at once: \(ended.map(String.init) ?? "still running")")
        #expect((try? String(contentsOf: errors, encoding: .utf8)) == "")
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
