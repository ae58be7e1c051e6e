import Foundation
import TestSupport
import Testing

/// The programs these tests need besides podline that are missing.
private let streamMissingTools = ["pulseaudio", "parec", "sox", "lame", "python3"].filter { CommandRunner.which($0) == nil }

/// A streamed episode keeps its place: `--start` over HTTP (with Range requests) counts the position from the start
/// asked for, for MPEG-2 mono CBR and for VBR files alike. The episodes are sine sweeps, linear from 300 Hz to
/// 3000 Hz over 180 s, so the frequency heard says where in the episode the sound comes from: t = (f - 300) / 15.
@Suite(
    "a streamed episode keeps its place", .serialized,
    .enabled(if: streamMissingTools.isEmpty, "needs \(streamMissingTools.joined(separator: ", "))"))
struct StreamedPositionTests {

    /// The two sweeps: MPEG-2 (22,050 Hz mono, 32 kb/s CBR) and VBR (lame -V 5, 44.1 kHz stereo).
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case cbrMono = "sweep-cbr.mp3"
        case vbrStereo = "sweep-vbr.mp3"
        var testDescription: String { self == .cbrMono ? "22,050 Hz mono 32 kb/s CBR" : "44.1 kHz stereo VBR (-V 5)" }
    }

    /// Where in the sweep a frequency is heard.
    static func sourceTime(_ frequency: Double) -> Double { (frequency - 300) / 15 }

    /// The sweep's frequency in the first 0.25 s of `signal` from `start` on (in samples).
    static func frequency(_ signal: [Double], from start: Int, sampleRate: Int) -> Double {
        let length = sampleRate / 4
        guard start >= 0, start + length <= signal.count else { return 0 }
        return SoundAnalysis.dominantFrequency(Array(signal[start..<start + length]), sampleRate: sampleRate, low: 250, high: 3100)
    }

    /// Made once for the suite: the two sweeps in one served folder.
    static let served: Result<URL, TestSupportError> = {
        do {
            let folder = try Fixtures.temporaryDirectory("pl-sweeps")
            let mono = folder.appendingPathComponent("mono.wav").path
            let stereo = folder.appendingPathComponent("stereo.wav").path
            try CommandRunner.tool(
                "sox", ["-n", "-r", "22050", "-c", "1", "-b", "16", mono, "synth", "180", "sine", "300:3000", "vol", "0.5"])
            try CommandRunner.tool(
                "sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", stereo, "synth", "180", "sine", "300:3000", "vol", "0.5"])
            try CommandRunner.tool("lame", ["--quiet", "-b", "32", mono, folder.appendingPathComponent(Kind.cbrMono.rawValue).path])
            try CommandRunner.tool("lame", ["--quiet", "-V", "5", stereo, folder.appendingPathComponent(Kind.vbrStereo.rawValue).path])
            for wav in [mono, stereo] { try? FileManager.default.removeItem(atPath: wav) }
            return .success(folder)
        } catch {
            return .failure(TestSupportError("making the sweeps: \(error)"))
        }
    }()

    @Test("play URL --start 100 into PulseAudio: status, seek +10 and what is heard all count from 100 s", arguments: Kind.allCases)
    func liveStartAndSeek(kind: Kind) throws {
        let folder = try Self.served.get()
        let web = try SlowFileServer(folder: folder, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        let home = try Fixtures.temporaryDirectory("pl-stream-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let shell = StreamShell(home: home)
        let recording = try pulse.record()
        var recorded: WAVFile?
        defer { if recorded == nil { _ = try? recording.stop() } }
        let player = try BackgroundProcess.podline(
            [
                "play", web.url(kind.rawValue), "--start", "100", "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native",
                "--quiet",
            ],
            home: home, environment: shell.environment, stderr: home.appendingPathComponent("player.stderr"))
        defer { player.killNow() }
        let playerErrors = { (try? String(contentsOf: home.appendingPathComponent("player.stderr"), encoding: .utf8)) ?? "" }

        let started = try shell.waitForStatus { $0.state == "playing" && $0.position >= 0 }
        try #require(started.state == "playing", "never playing: \(started); player stderr: \(playerErrors())")
        // A second heard (the sound can take a moment to start): counted from 100, never from 0.
        let early = try shell.waitForStatus { $0.position >= 101 }
        #expect(
            early.position >= 101 && early.position <= 104,
            "a second after --start 100 the position is \(early.position): \(early); player stderr: \(playerErrors())")

        let seek = try shell.podline(["seek", "+10"])
        #expect(seek.status == 0, "seek +10: \(seek.stderr)")
        let sought = try shell.waitForStatus(timeout: 10) { abs($0.position - early.position) >= 5 }
        #expect(
            sought.position >= 110 && sought.position <= 114,
            "seek +10 from \(early.position) went to \(sought.position): \(sought); player stderr: \(playerErrors())")
        // 1.2 s more heard after the seek, then the recording ends.
        let late = try shell.waitForStatus(timeout: 10) { $0.position >= sought.position + 1.2 }
        let sound = try recording.stop()
        recorded = sound
        _ = try shell.podline(["stop"])
        #expect(player.wait(timeout: 10) != nil, "the player did not exit after stop")

        // What the null sink heard, 0.25 s at a time: where each piece comes from in the sweep.
        let signal = sound.mono()
        let span = try #require(SoundAnalysis.audibleSpan(signal), "nothing was heard; player stderr: \(playerErrors())")
        let window = sound.sampleRate / 4
        let times = stride(from: span.lowerBound, to: span.upperBound - window, by: window).map {
            Self.sourceTime(Self.frequency(signal, from: $0, sampleRate: sound.sampleRate))
        }
        let described = times.map { String(format: "%.1f", $0) }.joined(separator: " ")
        let first = try #require(times.dropFirst().first, "under 0.5 s heard: \(described)")
        #expect(first >= 99.5 && first <= 102, "the first sound heard is from \(first) s, not 100 s: \(described)")
        #expect(times.dropFirst().allSatisfy { $0 >= 99 }, "some sound from before 100 s was heard: \(described)")
        let last = try #require(times.last)
        #expect(last >= 109 && last <= 117, "the last sound heard, after seek +10, is from \(last) s: \(described)")
        #expect(
            abs(last - late.position) <= 1.2,
            "status said \(late.position) when the recording ended, the sound then was from \(last) s: \(described)")
    }

    @Test(
        "play --start 4 --duration 2 to a WAV, from the URL and as a library episode; the place saved; a resume from it",
        arguments: Kind.allCases)
    func cutAndResume(kind: Kind) throws {
        let folder = try Self.served.get()
        let web = try SlowFileServer(folder: folder, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        let home = try Fixtures.temporaryDirectory("pl-stream-cut")
        defer { try? FileManager.default.removeItem(at: home) }
        let shell = StreamShell(home: home)
        let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(kind.rawValue).path)[.size] as? Int ?? 0
        let feedName = "feed-\(kind).xml"
        try """
        <?xml version="1.0"?>
        <rss version="2.0"><channel><title>Sweep Show</title>
        <item><title>Sweep</title><guid>sweep-\(kind)</guid><pubDate>Mon, 01 Jan 2024 08:00:00 +0000</pubDate>\
        <enclosure url="\(web.url(kind.rawValue))" type="audio/mpeg" length="\(size)"/></item>
        </channel></rss>

        """.write(to: folder.appendingPathComponent(feedName), atomically: true, encoding: .utf8)

        // Straight from the URL.
        let direct = try shell.cut(web.url(kind.rawValue), ["--start", "4", "--duration", "2"], name: "direct")
        Self.check(direct, startsAt: 4, "play URL --start 4 --duration 2")

        // As a library episode: the place where the cut ended is saved, and a resume starts there.
        let added = try shell.podline(["add", web.url(feedName)])
        #expect(added.status == 0, "add: \(added.stderr)")
        let updated = try shell.podline(["update"])
        #expect(updated.status == 0, "update: \(updated.stderr)")
        let ref = try #require(try shell.episode()?["ref"] as? String, "no episode listed after add and update: \(updated.stdout)")
        let cut = try shell.cut(ref, ["--start", "4", "--duration", "2"], name: "library")
        Self.check(cut, startsAt: 4, "play \(ref) --start 4 --duration 2")
        let saved = try #require(try shell.episode()?["position"] as? Double, "no position saved")
        #expect(abs(saved - 6) <= 0.1, "after --start 4 --duration 2 the saved position is \(saved), not 6")

        let resumed = try shell.cut(ref, ["--duration", "2"], name: "resumed")
        Self.check(resumed, startsAt: 6, "the resume of \(ref) (saved at \(saved))")
        let savedAgain = try #require(try shell.episode()?["position"] as? Double, "no position saved")
        #expect(abs(savedAgain - 8) <= 0.1, "after the resume from 6 for 2 s the saved position is \(savedAgain), not 8")
    }

    @Test(
        "--start 150 of a streamed MP3 asks the server for one range just before its place: of one bit rate, it plays what the local file plays sample for sample",
        arguments: Kind.allCases)
    func farStartAsksForItsPlace(kind: Kind) throws {
        // A folder of its own: the server's log of requests is this test's alone.
        let folder = try RealNetworkTests.servedAlone(kind)
        let web = try SlowFileServer(folder: folder, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        let home = try Fixtures.temporaryDirectory("pl-stream-far")
        defer { try? FileManager.default.removeItem(at: home) }
        let shell = StreamShell(home: home)
        let file = folder.appendingPathComponent(kind.rawValue)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        let streamed = try shell.cut(web.url(kind.rawValue), ["--start", "150", "--duration", "2"], name: "streamed")
        #expect(streamed.result.status == 0, "\(streamed.result.stderr)")
        let local = try shell.cut(file.path, ["--start", "150", "--duration", "2"], name: "local")
        let (heard, expected) = (try #require(streamed.wav).samples, try #require(local.wav).samples)
        let ranges = web.requests(for: kind.rawValue).compactMap { range -> Int? in
            guard range.hasPrefix("bytes=") else { return nil }
            return Int(range.dropFirst(6).split(separator: "-").first ?? "")
        }
        let near = size * 150 / 180
        if kind == .cbrMono {
            // One bit rate: the frame's place follows from its number; libmpg123 then reads on to the sample.
            #expect(
                ranges.count == 1 && ranges.allSatisfy { $0 <= near && near - $0 <= 8 * 144 },
                "asked for \(ranges), the place is near \(near)")
            // From a quarter second in: a move in a stream starts with a short fade-in, a local start does not.
            let fade = try #require(local.wav).sampleRate / 4
            #expect(heard.count == expected.count)
            #expect(heard.dropFirst(fade) == expected.dropFirst(fade), "streamed --start 150 differs from the local file's")
        } else {
            // A varying one: the Xing table of contents, whose places are a hundredth of the file apart, and whose times
            // are estimates: the sound is within half a second of the place.
            #expect(
                ranges.count == 1 && ranges.allSatisfy { abs($0 - near) <= size / 100 + 2_000 },
                "asked for \(ranges), the place is near \(near)")
            let signal = try #require(local.wav).mono()
            let rate = try #require(local.wav).sampleRate
            let probe = Array(try #require(streamed.wav).mono()[rate..<rate + 2_000])
            let lag = (-rate / 2...rate / 2).first { lag in
                let from = rate + lag
                guard from >= 0, from + probe.count <= signal.count else { return false }
                return zip(signal[from..<from + probe.count], probe).allSatisfy { abs($0 - $1) <= 2 / 32_768 }
            }
            #expect(lag != nil, "the streamed sound is not within 0.5 s of the local file's at 150 s")
        }
    }

    /// The cut is 2.0 s long (within one MPEG frame) and its first 0.25 s is the sweep at `start` seconds.
    static func check(_ cut: (wav: WAVFile?, result: ProcessResult), startsAt start: Double, _ what: String) {
        #expect(cut.result.status == 0, "\(what): \(cut.result.stderr)")
        guard let wav = cut.wav else {
            Issue.record("\(what) wrote no WAV: \(cut.result.stderr)")
            return
        }
        #expect(abs(wav.duration - 2) <= 0.06, "\(what) wrote \(wav.duration) s")
        let heard = sourceTime(frequency(wav.mono(), from: 0, sampleRate: wav.sampleRate))
        #expect(abs(heard - (start + 0.125)) <= 0.3, "\(what) starts with the sweep at \(heard) s, not \(start) s")
    }
}

/// The podline commands of one listener: a private library, control socket folder and config.toml
/// (`rewind_on_resume = 0`, so that a resume starts exactly where the last play stopped).
struct StreamShell {
    let home: URL
    let environment: [String: String?]

    init(home: URL) {
        self.home = home
        let config = home.appendingPathComponent("config")
        try? FileManager.default.createDirectory(at: config.appendingPathComponent("podline"), withIntermediateDirectories: true)
        try? "rewind_on_resume = 0\n".write(to: config.appendingPathComponent("podline/config.toml"), atomically: true, encoding: .utf8)
        environment = [
            "PODLINE_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path, "XDG_CONFIG_HOME": config.path, "NO_COLOR": "1",
        ]
    }

    func podline(_ arguments: [String], timeout: TimeInterval = 60) throws -> ProcessResult {
        try PodlineBinary.run(arguments, home: home, environment: environment, timeout: timeout)
    }

    /// `podline play TARGET FLAGS --output wav:FILE`, and the WAV it wrote.
    func cut(_ target: String, _ flags: [String], name: String) throws -> (wav: WAVFile?, result: ProcessResult) {
        let out = home.appendingPathComponent("\(name).wav")
        let result = try podline(["play", target] + flags + ["--output", "wav:\(out.path)", "--quiet"])
        return (try? WAVFile(url: out), result)
    }

    /// The one episode in the library, from `episodes --json`.
    func episode() throws -> [String: Any]? {
        let listed = try podline(["episodes", "--json"])
        return ((try? JSONSerialization.jsonObject(with: listed.stdoutData)) as? [[String: Any]])?.first
    }

    func status() throws -> StreamStatus {
        let result = try podline(["status", "--json"], timeout: 15)
        return StreamStatus(object: ((try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any]) ?? [:], result: result)
    }

    /// Polls `status --json` until `condition` holds or `timeout` seconds pass; returns the last answer.
    func waitForStatus(timeout: TimeInterval = 20, until condition: (StreamStatus) -> Bool) throws -> StreamStatus {
        try poll(timeout: timeout, every: 0.05, status, until: condition)
    }
}

struct StreamStatus: CustomStringConvertible {
    let object: [String: Any]
    let result: ProcessResult
    var state: String? { object["state"] as? String }
    /// Seconds into the episode; -1 when missing.
    var position: Double { (object["position"] as? NSNumber)?.doubleValue ?? -1 }
    var description: String { "status --json: \(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) \(result.stderr)" }
}
