import Foundation
import TestSupport
import Testing

/// `podline play` as a session: queues, end reasons, streaming, sleep timer, resume after a crash.
@Suite("Playback sessions")
struct PlaybackSessionTests {
    @Test("the queue advances: two files play back to back")
    func queueAdvances() throws {
        let folder = try Fixtures.temporaryDirectory()
        let first = try Fixtures.toneMP3(in: folder, name: "a.mp3", seconds: 1, frequency: 300)
        let second = try Fixtures.toneMP3(in: folder, name: "b.mp3", seconds: 2, frequency: 600)
        let out = folder.appendingPathComponent("queue.wav")
        let result = try PodlineBinary.run(["play", first.path, second.path, "--output", "wav:\(out.path)"], home: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let wav = try WAVFile(url: out)
        #expect(wav.frameCount == 3 * 44_100)
        let signal = wav.mono()
        #expect(abs(SoundAnalysis.dominantFrequency(Array(signal[10_000..<40_000]), sampleRate: 44_100) - 300) < 6)
        #expect(abs(SoundAnalysis.dominantFrequency(Array(signal[60_000..<120_000]), sampleRate: 44_100) - 600) < 12)
    }

    @Test("an episode that fails ends with an error naming it; the queue goes on and the exit status reports it")
    func errorEndsOneEpisodeOnly() throws {
        let folder = try Fixtures.temporaryDirectory()
        let broken = folder.appendingPathComponent("page.mp3")
        try Data("<html><body>Not found</body></html>".utf8).write(to: broken)
        let good = try Fixtures.toneMP3(in: folder, name: "good.mp3", seconds: 1)
        let out = folder.appendingPathComponent("after-error.wav")
        let result = try PodlineBinary.run(["play", broken.path, good.path, "--output", "wav:\(out.path)"], home: folder)
        #expect(result.status == 2)
        #expect(result.stderrLines == ["podline: \(broken.path): is an HTML page, not audio"])
        #expect(try WAVFile(url: out).frameCount == 44_100)
    }

    @Test("streaming from a throttled HTTP server starts before the body ends, and plays every sample")
    func streamingStartsEarly() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, name: "episode.mp3", seconds: 6, frequency: 500)
        let reference = try WAVFile(url: Fixtures.mpg123Reference(of: mp3, in: folder))
        // 96 kB of MP3 sent 4 kB every 0.1 s: about 2.4 s for the whole body.
        let server = try SlowFileServer(folder: folder, chunkBytes: 4096, delay: 0.1)
        defer { server.stop() }
        let out = folder.appendingPathComponent("streamed.wav")
        let player = Process()
        player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        player.arguments = ["play", server.url("episode.mp3"), "--output", "wav:\(out.path)"]
        player.environment = ProcessInfo.processInfo.environment.merging(["PODLINE_HOME": folder.path]) { $1 }
        try player.run()
        /// A second of audio written while the server is still sending.
        func audioEarly() -> Bool {
            let written = (try? FileManager.default.attributesOfItem(atPath: out.path)[.size] as? Int) ?? 0
            return written > 44_100 * 4 && !server.finishedSending("episode.mp3")
        }
        let sawAudioEarly = poll(timeout: 30, every: 0.02, audioEarly) { $0 || !player.isRunning }
        player.waitUntilExit()
        #expect(player.terminationStatus == 0)
        #expect(sawAudioEarly, "no audio was written before the server finished sending")
        #expect(try WAVFile(url: out).samples == reference.samples)
    }

    @Test("a server that answers 404 or sends HTML gets one error line naming the URL and exit 2")
    func streamingErrors() throws {
        let folder = try Fixtures.temporaryDirectory()
        try Data("<!doctype html><p>login</p>".utf8).write(to: folder.appendingPathComponent("login.mp3"))
        let server = try SlowFileServer(folder: folder, chunkBytes: 65_536, delay: 0)
        defer { server.stop() }
        for (name, reason) in [("missing.mp3", "HTTP 404 Not Found"), ("login.mp3", "is an HTML page, not audio")] {
            let result = try PodlineBinary.run(["play", server.url(name), "--output", "null"], home: folder, timeout: 30)
            #expect(result.status == 2, "\(name): \(result.stderr)")
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.hasPrefix("podline: \(server.url(name)): \(reason)"), "\(result.stderr)")
        }
    }
}

/// Sessions that need real time: a private PulseAudio null sink paces them.
@Suite("Playback sessions in real time", .serialized)
struct RealTimeSessionTests {
    @Test("the sleep timer fades out and stops playback at the time asked for")
    func sleepTimerFades() throws {
        let folder = try Fixtures.temporaryDirectory()
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 12, frequency: 440, amplitude: 0.8)
        let server = try PulseAudioServer()
        defer { server.stop() }
        let recording = try server.record()
        let output = "pulse:unix:\(server.runtimeDirectory.path)/pulse/native"
        let result = try PodlineBinary.run(["play", mp3.path, "--output", output, "--sleep", "5"], home: folder, timeout: 30)
        recording.waitForSilence()
        let heard = try recording.stop().mono()
        #expect(result.status == 0, "\(result.stderr)")
        let span = try #require(SoundAnalysis.audibleSpan(heard, threshold: 0.005))
        let seconds = Double(span.count) / 44_100
        // Two seconds at full level, then the three-second fade, which ends at 5 s (it ran on to 8 s once).
        #expect(seconds > 4.5 && seconds < 5.6, "heard \(seconds) s")
        guard span.count > 88_200 else { return }
        let early = SoundAnalysis.rms(heard[span.lowerBound + 22_050..<span.lowerBound + 44_100])
        let late = SoundAnalysis.rms(heard[span.upperBound - 22_050..<span.upperBound])
        #expect(late < early / 4, "the end (\(late)) is not faded against the start (\(early))")
    }

    @Test("kill -9 during playback, then resume: within 5 s of where it was")
    func resumesAfterCrash() throws {
        let folder = try Fixtures.temporaryDirectory()
        let home = folder.appendingPathComponent("home")
        let mp3 = try Fixtures.toneMP3(in: folder, name: "ep1.mp3", seconds: 20, frequency: 350)
        let reference = try WAVFile(url: Fixtures.mpg123Reference(of: mp3, in: folder))
        let feed = """
            <?xml version="1.0"?>
            <rss version="2.0"><channel><title>Crash Show</title>
            <item><title>Long One</title><guid>long-1</guid><enclosure url="ep1.mp3" length="320000" type="audio/mpeg"/></item>
            </channel></rss>
            """
        try Data(feed.utf8).write(to: folder.appendingPathComponent("feed.xml"))
        let web = try SlowFileServer(folder: folder, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        let added = try PodlineBinary.run(["add", web.url("feed.xml")], home: home)
        #expect(added.status == 0, "\(added.stderr)")
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let player = Process()
        player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        player.arguments = ["play", "crash-show/1", "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native"]
        // Its own runtime folder: the test asks this player, and only it, where it is.
        let runtime = try Fixtures.temporaryDirectory("podline-run")
        chmod(runtime.path, 0o700)
        player.environment = ProcessInfo.processInfo.environment.merging(["PODLINE_HOME": home.path, "XDG_RUNTIME_DIR": runtime.path]) {
            $1
        }
        player.standardError = FileHandle.nullDevice
        try player.run()
        func position() throws -> Double {
            let status = try PodlineBinary.run(["status", "--json"], home: home, environment: ["XDG_RUNTIME_DIR": runtime.path])
            return ((try? JSONSerialization.jsonObject(with: status.stdoutData)) as? [String: Any])?["position"] as? Double ?? 0
        }
        // About 6 s heard, then the kill.
        _ = try poll(timeout: 20, every: 0.05, position) { $0 >= 6 }
        kill(player.processIdentifier, SIGKILL)
        player.waitUntilExit()
        let listing = try PodlineBinary.run(["episodes", "--json"], home: home)
        let episodes = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]]
        let stored = try #require(episodes?.first?["position"] as? Double)
        // About 6 s had been heard (the sound server takes a moment to connect).
        #expect(stored > 2 && stored <= 7.5, "stored position \(stored)")
        let out = folder.appendingPathComponent("resumed.wav")
        let resumed = try PodlineBinary.run(["play", "crash-show/1", "--output", "wav:\(out.path)", "--duration", "1"], home: home)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let wav = try WAVFile(url: out)
        #expect(wav.frameCount == 44_100)
        guard wav.samples.count > 6_000 else { return }
        let probe = Array(wav.samples[4_000..<6_000])
        let offset = stride(from: 0, to: reference.samples.count - 6_000, by: 2).first { start in
            Array(reference.samples[start..<start + 2_000]) == probe
        }
        let resumedAt = try #require(offset.map { Double($0 - 4_000) / 2 / 44_100 })
        #expect(abs(resumedAt - 6) < 5, "resumed at \(resumedAt) s after about 6 s of listening")
        #expect(resumedAt < stored, "resume rewinds a little: \(resumedAt) vs stored \(stored)")
    }

    @Test("an episode begun within a second of its end is not marked played when it runs out; begun 3 s before, it is")
    func endWithoutListening() throws {
        let folder = try Fixtures.temporaryDirectory()
        let home = folder.appendingPathComponent("home")
        _ = try Fixtures.toneMP3(in: folder, name: "ep1.mp3", seconds: 10, frequency: 440)
        let feed = """
            <?xml version="1.0"?>
            <rss version="2.0"><channel><title>End Show</title>
            <item><title>Short One</title><guid>short-1</guid><enclosure url="ep1.mp3" length="80000" type="audio/mpeg"/></item>
            </channel></rss>
            """
        try Data(feed.utf8).write(to: folder.appendingPathComponent("feed.xml"))
        #expect(try PodlineBinary.run(["add", folder.appendingPathComponent("feed.xml").path], home: home).status == 0)
        func played() throws -> Bool? {
            let listing = try PodlineBinary.run(["episodes", "--json"], home: home)
            return ((try? JSONSerialization.jsonObject(with: listing.stdoutData)) as? [[String: Any]])?.first?["played"] as? Bool
        }
        let late = try PodlineBinary.run(["play", "end-show/1", "--start", "9.5", "--output", "null", "--fast"], home: home)
        #expect(late.status == 0, "\(late.stderr)")
        #expect(try played() == false)
        let earlier = try PodlineBinary.run(["play", "end-show/1", "--start", "7", "--output", "null", "--fast"], home: home)
        #expect(earlier.status == 0, "\(earlier.stderr)")
        #expect(try played() == true)
    }
}
