import Foundation
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// A day of listening, end to end: the built binary, a feed served over HTTP on 127.0.0.1, a private PulseAudio
/// null sink and a real config.toml, driven from a REPL and from other shells through one control socket.
@Suite("a listener's day, end to end", .serialized)
struct ListenersDayTests {
    /// The programs the day needs besides podline (sound server and recorder, MP3 makers, web server) that are missing.
    static let missingTools = ["pulseaudio", "parec", "sox", "lame", "python3"].filter { CommandRunner.which($0) == nil }

    @Test(
        "a listener's day: subscribe, download, play from elsewhere, hand over, pause, speed, seek, kill -9 and resume",
        .enabled(if: ListenersDayTests.missingTools.isEmpty, "needs \(ListenersDayTests.missingTools.joined(separator: ", "))"))
    func listenersDay() throws {
        // 1. Folders: the library, the control socket's runtime folder, config.toml, and a folder to start the REPL in.
        let root = try Fixtures.temporaryDirectory("pl-day")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = try Self.folder("home", in: root)
        let runtime = try Self.folder("run", in: root)
        chmod(runtime.path, 0o700)
        let config = try Self.folder("config", in: root)
        let elsewhere = try Self.folder("elsewhere", in: root)
        let served = try Self.folder("served", in: root)
        try FileManager.default.createDirectory(at: config.appendingPathComponent("podline"), withIntermediateDirectories: true)
        try Data("output = \"pulse\"\nspeed = 1.5\n".utf8).write(to: config.appendingPathComponent("podline/config.toml"))
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let shell = Shell(home: home, runtime: runtime, config: config, pulse: pulse)

        // 2. Two one-minute episodes and a feed naming them, served over HTTP; a local file to hand over later.
        let ep1 = try Fixtures.toneMP3(in: served, name: "ep1.mp3", seconds: 60, frequency: 440, rate: 22_050, channels: 1, bitrate: 32)
        let ep2 = try Fixtures.toneMP3(in: served, name: "ep2.mp3", seconds: 60, frequency: 550, rate: 22_050, channels: 1, bitrate: 32)
        let other = try Fixtures.toneMP3(
            in: elsewhere, name: "other.mp3", seconds: 60, frequency: 660, rate: 22_050, channels: 1,
            bitrate: 32)
        let web = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        try Self.feed(
            base: "http://127.0.0.1:\(web.port)",
            episodes: [
                ("ep2.mp3", "Evening Tone", "Tue, 02 Jan 2024 18:00:00 +0000", try Self.size(ep2)),
                ("ep1.mp3", "Morning Tone", "Mon, 01 Jan 2024 08:00:00 +0000", try Self.size(ep1)),
            ]
        ).write(to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)

        // 3. Subscribe, update, download the first episode; the references come from `episodes --json`.
        let added = try shell.podline(["add", web.url("feed.xml")])
        #expect(added.status == 0, "add: \(added.stderr)")
        let updated = try shell.podline(["update"])
        #expect(updated.status == 0, "update: \(updated.stderr)")
        let listed = try shell.episodes("day-show")
        let ref1 = try #require(Self.field("ref", ofEpisodeAt: "ep1.mp3", in: listed.list), "episodes: \(listed.result.stdout)")
        let ref2 = try #require(Self.field("ref", ofEpisodeAt: "ep2.mp3", in: listed.list), "episodes: \(listed.result.stdout)")
        #expect(ref1.hasPrefix("day-show/") && ref2.hasPrefix("day-show/") && ref1 != ref2, "refs \(ref1), \(ref2)")
        let downloaded = try shell.podline(["download", ref1])
        #expect(downloaded.status == 0, "download \(ref1): \(downloaded.stderr)")
        let afterDownload = try shell.episodes("day-show")
        let file1 = try #require(
            Self.field("file", ofEpisodeAt: "ep1.mp3", in: afterDownload.list),
            "no file for \(ref1): \(afterDownload.result.stdout) \(afterDownload.result.stderr)")
        #expect(FileManager.default.fileExists(atPath: file1), "\(file1) is missing; download stderr: \(downloaded.stderr)")

        // 4. The web server goes away: from now on only the download can play.
        web.stop()

        // 5. The REPL, started in another folder, plays the download at the configured speed.
        let recording = try pulse.record()
        var heard: WAVFile?
        defer { if heard == nil { _ = try? recording.stop() } }
        let first = try REPL(shell: shell, directory: elsewhere, logs: root, name: "first")
        defer { first.killNow() }
        #expect(first.waitForSocket(runtime: runtime), "the first REPL did not open its control socket: \(first.stderr)")
        first.send("play \(ref1)")
        let playing = try shell.waitForStatus { $0.state == "playing" }
        #expect(playing.state == "playing", "never playing \(ref1): \(playing); REPL stderr: \(first.stderr)")
        #expect(playing.episode("ref") == ref1, "\(playing); REPL stderr: \(first.stderr)")
        let url = playing.episode("url") ?? ""
        #expect(
            url.hasPrefix("/") && !url.hasPrefix("http") && url == file1,
            "playing \(url), not the download \(file1): \(playing); REPL stderr: \(first.stderr)")
        #expect(playing.speed == 1.5, "config.toml says speed = 1.5: \(playing); REPL stderr: \(first.stderr)")

        // 6. Another shell hands a local file to the running player, queues the episode, and goes back to it.
        let started = Date()
        let handed = try shell.podline(["play", other.path], timeout: 20)
        let took = Date().timeIntervalSince(started)
        #expect(handed.status == 0 && !handed.timedOut, "play \(other.path) exited \(handed.status): \(handed.stderr)")
        #expect(took < 8, "play took \(took) s: it should hand the file to the running player and exit; stderr: \(handed.stderr)")
        #expect(handed.stdout.split(separator: "\n").count == 1, "one line expected, got \(handed.stdout); stderr: \(handed.stderr)")
        let otherPath = (other.path as NSString).standardizingPath
        let handedOver = try shell.waitForStatus { $0.episode("url") == otherPath }
        #expect(handedOver.episode("url") == otherPath, "\(handedOver); play stderr: \(handed.stderr); REPL stderr: \(first.stderr)")
        #expect(handedOver.episode("title") == "other.mp3", "\(handedOver); play stderr: \(handed.stderr)")
        let enqueued = try shell.podline(["play", ref1, "--enqueue"], timeout: 20)
        #expect(enqueued.status == 0, "play \(ref1) --enqueue: \(enqueued.stderr)")
        let queued = try shell.waitForStatus(timeout: 15) { $0.queue.contains(ref1) }
        #expect(queued.queue.contains(ref1), "\(ref1) is not queued: \(queued); play stderr: \(enqueued.stderr)")
        let next = try shell.podline(["next"])
        #expect(next.status == 0, "next: \(next.stderr)")
        let back = try shell.waitForStatus { $0.state == "playing" && $0.episode("ref") == ref1 && $0.position > 3 }
        #expect(
            back.state == "playing" && back.episode("ref") == ref1 && back.position > 3,
            "not back on \(ref1) past 3 s: \(back); next stderr: \(next.stderr); REPL stderr: \(first.stderr)")
        let sound = try recording.stop()
        heard = sound
        let signal = sound.mono()
        let span = SoundAnalysis.audibleSpan(signal)
        #expect(
            (span?.count ?? 0) > sound.sampleRate,
            "the null sink's monitor heard \(span?.count ?? 0) samples of sound; REPL stderr: \(first.stderr)")

        // 7. Pause; a new speed keeps the position; seek while paused; resume.
        let pause = try shell.podline(["pause"])
        #expect(pause.status == 0, "pause: \(pause.stderr)")
        let paused = try shell.waitForStatus { $0.state == "paused" }
        #expect(paused.state == "paused", "never paused: \(paused); pause stderr: \(pause.stderr)")
        let before = try shell.waitForSteadyPosition()
        let pausedAt = before.position
        #expect(pausedAt > 0, "paused at \(pausedAt): \(before)")
        let faster = try shell.podline(["speed", "1.25"])
        #expect(faster.status == 0, "speed 1.25: \(faster.stderr)")
        let changed = try shell.waitForStatus(timeout: 10) { $0.speed == 1.25 }
        #expect(changed.speed == 1.25, "\(changed); speed stderr: \(faster.stderr)")
        #expect(
            changed.position > 0 && abs(changed.position - pausedAt) < 0.5,
            "paused at \(pausedAt), after the speed change \(changed.position): \(changed); speed stderr: \(faster.stderr)")
        let seek = try shell.podline(["seek", "5"])
        #expect(seek.status == 0, "seek 5: \(seek.stderr)")
        let sought = try shell.waitForStatus(timeout: 15) { abs($0.position - 5) < 0.5 }
        #expect(abs(sought.position - 5) < 0.5, "after seek 5: \(sought); seek stderr: \(seek.stderr)")
        let resumed = try shell.podline(["resume"])
        #expect(resumed.status == 0, "resume: \(resumed.stderr)")
        let moving = try shell.waitForStatus { $0.state == "playing" && $0.position > 7 }
        #expect(moving.state == "playing" && moving.position > 7, "\(moving); resume stderr: \(resumed.stderr)")

        // 8. More than one save interval (2 s) of playing, then kill -9: the socket file is left behind. At 1.25x, 3.5 s
        // of the episode take 2.8 s or more.
        let last = try shell.waitForStatus { $0.state == "playing" && $0.position >= moving.position + 3.5 }
        let heardUpTo = last.position
        first.killNow()
        #expect(last.state == "playing" && last.episode("ref") == ref1 && heardUpTo > 7, "before the kill: \(last)")
        let saved = try shell.episodes("day-show")
        let savedPosition = Self.field("position", ofEpisodeAt: "ep1.mp3", in: saved.list) ?? "?"

        // 9. A new REPL copes with the stale socket and resumes the episode where it was left.
        let second = try REPL(shell: shell, directory: elsewhere, logs: root, name: "second")
        defer { second.killNow() }
        #expect(second.waitForSocket(runtime: runtime), "the second REPL did not replace the stale socket: \(second.stderr)")
        second.send("play \(ref1)")
        let again = try shell.waitForStatus { $0.state == "playing" && $0.episode("ref") == ref1 }
        #expect(again.state == "playing" && again.episode("ref") == ref1, "\(again); REPL stderr: \(second.stderr)")
        #expect(
            again.position >= heardUpTo - 5 && again.position <= heardUpTo + 3,
            "killed at \(heardUpTo) s (saved \(savedPosition)), resumed at \(again.position): \(again); REPL stderr: \(second.stderr)")
        second.send("quit")
        let ended = second.wait(timeout: 15)
        #expect(ended == 0, "after quit the REPL ended with \(String(describing: ended)) (nil: killed at 15 s); stderr: \(second.stderr)")
    }

    // MARK: helpers

    /// A new folder `name` in `root`.
    private static func folder(_ name: String, in root: URL) throws -> URL {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The size of `file` in bytes.
    private static func size(_ file: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
    }

    /// The RSS feed of "Day Show": one item per episode (file name, title, pubDate, length), newest first, served at `base`.
    private static func feed(base: String, episodes: [(file: String, title: String, date: String, length: Int)]) -> String {
        let items = episodes.map { episode in
            """
            <item><title>\(episode.title)</title><guid>day-\(episode.file)</guid><pubDate>\(episode.date)</pubDate>\
            <enclosure url="\(base)/\(episode.file)" type="audio/mpeg" length="\(episode.length)"/></item>
            """
        }
        return "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Day Show</title>\n\(items.joined(separator: "\n"))"
            + "\n</channel></rss>\n"
    }

    /// `key` of the listed episode whose enclosure URL ends with `/file`, as text.
    private static func field(_ key: String, ofEpisodeAt file: String, in list: [[String: Any]]) -> String? {
        guard let episode = list.first(where: { ($0["url"] as? String)?.hasSuffix("/" + file) == true }) else { return nil }
        if let number = episode[key] as? NSNumber { return number.stringValue }
        return episode[key] as? String
    }

    /// What every podline process of the day shares: the library, the control socket's folder, config.toml and the sound server.
    private struct Shell {
        let home: URL
        let environment: [String: String?]

        init(home: URL, runtime: URL, config: URL, pulse: PulseAudioServer) {
            self.home = home
            environment = [
                "PODLINE_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": runtime.path, "XDG_CONFIG_HOME": config.path,
                "PULSE_SERVER": "unix:\(pulse.runtimeDirectory.path)/pulse/native",
                "PULSE_RUNTIME_PATH": pulse.runtimeDirectory.appendingPathComponent("pulse").path, "NO_COLOR": "1",
            ]
        }

        /// Runs `podline ARGUMENTS` as another shell of the same user would.
        func podline(_ arguments: [String], timeout: TimeInterval = 60) throws -> ProcessResult {
            try PodlineBinary.run(arguments, home: home, environment: environment, timeout: timeout)
        }

        /// `podline status --json`, parsed.
        func status() throws -> Status {
            let result = try podline(["status", "--json"], timeout: 15)
            let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
            return Status(object: object ?? [:], result: result)
        }

        /// Polls `status --json` every 100 ms until `condition` holds or `timeout` seconds pass; returns the last answer.
        func waitForStatus(timeout: TimeInterval = 20, until condition: (Status) -> Bool) throws -> Status {
            try poll(timeout: timeout, status, until: condition)
        }

        /// Polls `status --json` until two answers in a row give the same position; returns the last answer.
        func waitForSteadyPosition(timeout: TimeInterval = 5) throws -> Status {
            var last: Status?
            return try waitForStatus(timeout: timeout) { status in
                defer { last = status }
                return status.position == last?.position
            }
        }

        /// `podline episodes SHOW --json`, parsed (empty when it is not a JSON array).
        func episodes(_ show: String) throws -> (list: [[String: Any]], result: ProcessResult) {
            let result = try podline(["episodes", show, "--json"])
            let list = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]]
            return (list ?? [], result)
        }
    }

    /// One `status --json` answer, with the command's output for failure messages.
    private struct Status: CustomStringConvertible {
        let object: [String: Any]
        let result: ProcessResult

        var state: String? { object["state"] as? String }
        /// Seconds into the episode; -1 when missing.
        var position: Double { (object["position"] as? NSNumber)?.doubleValue ?? -1 }
        var speed: Double? { (object["speed"] as? NSNumber)?.doubleValue }
        var queue: [String] { (object["queue"] as? [Any])?.compactMap { $0 as? String } ?? [] }

        /// A text field of `.episode` (ref, title, show, url).
        func episode(_ key: String) -> String? { (object["episode"] as? [String: Any])?[key] as? String }

        var description: String {
            "status --json exited \(result.status): \(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) \(result.stderr)"
        }
    }

    /// `podline` with no arguments (the REPL) started in `directory`, reading commands from a pipe kept open;
    /// its output goes to files in `logs`.
    private final class REPL {
        let process = Process()
        private let input = Pipe()
        private let errors: URL

        init(shell: Shell, directory: URL, logs: URL, name: String) throws {
            let output = logs.appendingPathComponent("\(name).stdout")
            errors = logs.appendingPathComponent("\(name).stderr")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: PodlineBinary.path)
            process.arguments = []
            var environment = ProcessInfo.processInfo.environment
            for (key, value) in shell.environment { environment[key] = value }
            process.environment = environment
            process.currentDirectoryURL = directory
            process.standardInput = input
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
        }

        /// Types `line` into the REPL.
        func send(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// What the REPL has written to standard error so far.
        var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

        /// Waits until the control socket under `runtime` accepts connections; false if the REPL ended or `timeout` passed.
        func waitForSocket(runtime: URL, timeout: TimeInterval = 20) -> Bool {
            let location = ControlLocation(directory: runtime.path + "/podline")
            func accepts() -> Bool { (try? ControlClient(location: location)) != nil }
            return poll(timeout: timeout, every: 0.02, accepts) { $0 || !process.isRunning }
        }

        /// Waits until the REPL exits and returns its status; nil when it had to be killed after `timeout`.
        func wait(timeout: TimeInterval) -> Int32? { process.exitStatus(within: timeout) }

        /// Sends SIGKILL, as a crash would, and waits for the process to go.
        func killNow() { process.killNow() }

        deinit { killNow() }
    }
}
