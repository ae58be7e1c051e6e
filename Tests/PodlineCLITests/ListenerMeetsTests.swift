import Foundation
import TestSupport
import Testing

/// The programs these tests need besides podline.
private let meetsMissingTools = ["pulseaudio", "pactl", "sox", "lame", "tmux", "script"].filter { CommandRunner.which($0) == nil }

/// What a listener meets with the real `podline` binary and a private PulseAudio: the sound server dying and coming
/// back, no sound server at all, a config.toml typo while a player runs, the event stream to its end, a REPL that
/// drives a player in another process, `play --output` in a REPL, and a narrow terminal.
@Suite(
    "what a listener meets", .serialized,
    .enabled(if: meetsMissingTools.isEmpty, "needs \(meetsMissingTools.joined(separator: ", "))"))
struct ListenerMeetsTests {
    /// Lines that only a C library (ALSA, libao, libpulse) would write.
    static func libraryNoise(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter {
            $0.contains("ALSA") || $0.contains("ao_") || $0.localizedCaseInsensitiveContains("couldn't open")
        }
    }

    // MARK: 1. the sound server goes away and comes back

    @Test("the sound server dies mid-play: one stderr line, output_available false while still playing, an event; back on restart")
    func soundServerLost() throws {
        let bench = try Bench("pl-meets-lost")
        defer { bench.remove() }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        bench.pointAt(pulse)
        let episode = try PlayerProcess.episode(named: "minute.mp3", in: bench.root)
        let playerLog = bench.root.appendingPathComponent("player.stderr")
        let player = try BackgroundProcess.podline(
            ["play", episode.path, "--output", Bench.output(pulse)], home: bench.home, environment: bench.environment,
            stderr: playerLog)
        defer { if player.process.isRunning { player.killNow() } }
        var playerStderr: String { (try? String(contentsOf: playerLog, encoding: .utf8)) ?? "" }
        let playing = try bench.waitForStatus { $0.state == "playing" && $0.position > 0.5 }
        #expect(playing.state == "playing", "never playing: \(playing); player stderr: \(playerStderr)")
        #expect(playing.outputAvailable == true, "\(playing)")

        let events = try EventsClient(bench: bench, json: true)
        defer { events.stop() }
        #expect(events.waitForData(), "events --json never said anything: \(events.stderr)")

        pulse.stop()
        let lostAt = Date()
        let lost = try bench.waitForStatus(timeout: 10) { $0.outputAvailable == false }
        #expect(lost.outputAvailable == false, "after the sound server died: \(lost); player stderr: \(playerStderr)")
        #expect(lost.state == "playing", "the state should stay playing without a sound server: \(lost)")
        print("output_available false \(String(format: "%.2f", Date().timeIntervalSince(lostAt))) s after the server died")
        // Some time without a server: nothing more is said, however many writes fail.
        usleep(1_500_000)
        let stillLost = try bench.status()
        #expect(stillLost.state == "playing" && stillLost.outputAvailable == false, "\(stillLost)")
        let lostLines = playerStderr.split(separator: "\n")
        #expect(
            lostLines.count == 1 && lostLines.first?.hasPrefix("podline: the sound output is gone") == true,
            "the player's stderr while the server is gone:\n\(playerStderr)")
        let gone = #"{"event":"property-change","name":"output_available","data":false}"#
        #expect(events.waitFor { $0.contains(gone) }, "no \(gone) in the events:\n\(events.stdout)")

        // The server comes back in the same place.
        try FileManager.default.createDirectory(at: pulse.runtimeDirectory, withIntermediateDirectories: true)
        chmod(pulse.runtimeDirectory.path, 0o700)
        try pulse.restart()
        let restartedAt = Date()
        let back = try bench.waitForStatus(timeout: 10) { $0.outputAvailable == true }
        let backAfter = Date().timeIntervalSince(restartedAt)
        #expect(back.outputAvailable == true, "10 s after the restart: \(back); player stderr: \(playerStderr)")
        #expect(backAfter < 5, "output_available came back \(backAfter) s after the restart")
        let from = back.position
        let moved = try bench.waitForStatus(timeout: 10) { $0.state == "playing" && $0.position >= from + 1 }
        #expect(
            moved.state == "playing" && moved.position >= from + 1,
            "the position did not move on from \(from) after the restart: \(moved); player stderr: \(playerStderr)")
        print("output_available true \(String(format: "%.2f", backAfter)) s after the restart; position \(from) -> \(moved.position)")

        let stop = try bench.podline(["stop"])
        #expect(stop.status == 0, "stop: \(stop.stderr)")
        #expect(player.wait(timeout: 10) != nil, "the player did not end after stop")
        events.stop()
        let finalLines = playerStderr.split(separator: "\n")
        #expect(
            finalLines.count == 1 && finalLines.first?.hasPrefix("podline: the sound output is gone") == true,
            "exactly one line expected on the player's stderr:\n\(playerStderr)")
        let noise =
            Self.libraryNoise(playerStderr) + Self.libraryNoise(events.stderr) + Self.libraryNoise(events.stdout)
            + Self.libraryNoise(bench.commandErrors)
        #expect(noise.isEmpty, "lines from C libraries: \(noise)")
    }

    @Test(
        "no sound server at all: play --output default exits 3 with one line, also when XDG_RUNTIME_DIR does not exist",
        arguments: ["empty", "missing"])
    func noSoundServer(runtime: String) throws {
        let bench = try Bench("pl-meets-none")
        defer { bench.remove() }
        let episode = try PlayerProcess.episode(named: "minute.mp3", in: bench.root)
        // As the listener has it: no sound server behind PULSE_SERVER, nothing in XDG_RUNTIME_DIR (no ALSA_CARD or
        // AUDIODEV to quieten a sound library).
        var environment: [String: String?] = [
            "PULSE_SERVER": "unix:\(bench.root.path)/no-such-pulse-socket", "HOME": bench.home.path, "AUDIODEV": nil,
            "ALSA_CARD": nil,
        ]
        let folder = bench.root.appendingPathComponent("runtime-\(runtime)")
        if runtime == "empty" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            chmod(folder.path, 0o700)
        }
        environment["XDG_RUNTIME_DIR"] = folder.path
        environment["XDG_CONFIG_HOME"] = bench.root.appendingPathComponent("no-config").path
        let result = try PodlineBinary.run(
            ["play", episode.path, "--output", "default"], home: bench.home, environment: environment, timeout: 20)
        #expect(result.status == 3, "exit \(result.status), stderr:\n\(result.stderr)")
        #expect(
            result.stderrLines.count == 1 && result.stderrLines.first?.hasPrefix("podline: no audio output is available") == true,
            "one line expected on stderr (XDG_RUNTIME_DIR \(runtime)):\n\(result.stderr)")
        #expect(Self.libraryNoise(result.stderr + result.stdout).isEmpty, "\(result.stderr)")
    }

    // MARK: 2. a config.toml typo while a player runs

    @Test("a typo in config.toml while a player runs: pause, status, stop still work with one warning line; episodes exits 78")
    func configTypoWhilePlaying() throws {
        let bench = try Bench("pl-meets-config")
        defer { bench.remove() }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let player = try bench.startPlaying("minute.mp3", into: pulse)
        defer { if player.process.isRunning { player.killNow() } }

        try bench.writeConfig("output = \"\(Bench.output(pulse))\"\nspeed = \"fast\"\n")
        func warnedOnce(_ result: ProcessResult, _ command: String) {
            #expect(result.status == 0, "\(command) exited \(result.status): \(result.stderr)")
            #expect(
                result.stderrLines.count == 1 && result.stderrLines.first?.hasPrefix("podline: warning:") == true,
                "\(command): one warning line expected on stderr:\n\(result.stderr)")
        }
        let pause = try bench.podline(["pause"])
        warnedOnce(pause, "pause")
        let status = try bench.podline(["status", "--json"])
        warnedOnce(status, "status --json")
        let object = (try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8))) as? [String: Any]
        #expect(object?["state"] as? String == "paused", "status --json: \(status.stdout)")
        let episodes = try bench.podline(["episodes"])
        #expect(episodes.status == 78, "episodes exited \(episodes.status): \(episodes.stderr)")
        #expect(episodes.stderr.contains("speed"), "episodes should name the key: \(episodes.stderr)")
        let stop = try bench.podline(["stop"])
        warnedOnce(stop, "stop")
        #expect(player.wait(timeout: 10) != nil, "the player did not end after stop")
    }

    // MARK: 3. the event stream to its end

    @Test("events to the end: two queued files start and end (eof), then state stopped, and the stream ends by itself")
    func eventsToTheEnd() throws {
        let bench = try Bench("pl-meets-events")
        defer { bench.remove() }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let first = try Fixtures.toneMP3(in: bench.root, name: "first.mp3", seconds: 2, rate: 22_050, channels: 1, bitrate: 32)
        let second = try Fixtures.toneMP3(
            in: bench.root, name: "second.mp3", seconds: 2, frequency: 660, rate: 22_050, channels: 1, bitrate: 32)
        // A player is running, so that both subscribers are listening before the two files are handed to it.
        let player = try bench.startPlaying("long.mp3", into: pulse)
        defer { if player.process.isRunning { player.killNow() } }
        let json = try EventsClient(bench: bench, json: true)
        defer { json.stop() }
        let text = try EventsClient(bench: bench, json: false)
        defer { text.stop() }
        #expect(json.waitForData(), "events --json never said anything: \(json.stderr)")
        // The text form leaves positions out: a volume change shows it is listening.
        var step = 0
        while text.stdout.isEmpty, step < 200 {
            _ = try bench.podline(["volume", step % 2 == 0 ? "90" : "91"])
            step += 1
        }
        #expect(!text.stdout.isEmpty, "podline events (terminal) never said anything")

        let started = Date()
        let play = try bench.podline(["play", first.path, second.path], timeout: 20)
        #expect(play.status == 0, "play A B: \(play.stderr)")
        let jsonStatus = json.wait(timeout: 20)
        let textStatus = text.wait(timeout: 5)
        print("events ended by themselves \(String(format: "%.2f", Date().timeIntervalSince(started))) s after play A B")
        #expect(jsonStatus == 0, "events --json: \(jsonStatus.map(String.init) ?? "still running after 20 s") \(json.stderr)")
        #expect(textStatus != nil, "podline events (terminal) was still running 5 s after the --json one ended")
        #expect(player.wait(timeout: 10) != nil, "the player did not end after the queue")

        let lines = json.stdout.split(separator: "\n").map(String.init)
        let objects = lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        #expect(objects.count == lines.count, "not every line is JSON:\n\(json.stdout)")
        func title(_ object: [String: Any]) -> String? { (object["episode"] as? [String: Any])?["title"] as? String }
        let startedTitles = objects.filter { $0["event"] as? String == "episode-started" }.compactMap(title)
        let ended = objects.indices.filter {
            objects[$0]["event"] as? String == "episode-ended" && objects[$0]["reason"] as? String == "eof"
        }
        let endedTitles = ended.compactMap { title(objects[$0]) }
        let summary = lines.filter { !$0.contains(#""name":"position""#) }.joined(separator: "\n")
        #expect(startedTitles == ["first.mp3", "second.mp3"], "episode-started:\n\(summary)")
        #expect(endedTitles == ["first.mp3", "second.mp3"], "episode-ended eof:\n\(summary)")
        let stopped = #"{"event":"property-change","name":"state","data":"stopped"}"#
        let stoppedAt = lines.lastIndex(of: stopped)
        #expect(stoppedAt != nil && stoppedAt! > (ended.last ?? .max), "no \(stopped) after the last eof:\n\(summary)")

        let textLines = text.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        #expect(!textLines.contains { $0.hasPrefix("position") || $0.contains(#""position""#) }, "text form:\n\(text.stdout)")
        #expect(textLines.contains("episode-ended second.mp3 (eof)"), "text form:\n\(text.stdout)")
    }

    @Test("events: stop mid-play gives episode-ended (stop) and state stopped, and the stream ends")
    func eventsOnStop() throws {
        let bench = try Bench("pl-meets-stop")
        defer { bench.remove() }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let player = try bench.startPlaying("long.mp3", into: pulse)
        defer { if player.process.isRunning { player.killNow() } }
        let events = try EventsClient(bench: bench, json: true)
        defer { events.stop() }
        #expect(events.waitForData(), "events --json never said anything: \(events.stderr)")
        let stop = try bench.podline(["stop"])
        #expect(stop.status == 0, "stop: \(stop.stderr)")
        let status = events.wait(timeout: 10)
        #expect(status == 0, "events --json: \(status.map(String.init) ?? "still running after 10 s") \(events.stderr)")
        let lines = events.stdout.split(separator: "\n").map(String.init)
        let ended = lines.firstIndex { $0.contains(#""event":"episode-ended""#) && $0.contains(#""reason":"stop""#) }
        let stopped = lines.lastIndex(of: #"{"event":"property-change","name":"state","data":"stopped"}"#)
        #expect(ended != nil && stopped != nil && stopped! > ended!, "events:\n\(events.stdout)")
        #expect(player.wait(timeout: 10) != nil, "the player did not end after stop")
    }

    // MARK: 4. a REPL driving a player in another process

    @Test("a REPL in a terminal follows a player in another process: ▶ and [playing], pause elsewhere gives ⏸ and [paused], stop")
    func replFollowsRemotePlayer() throws {
        let folder = try Fixtures.temporaryDirectory("pl-meets-remote")
        defer { try? FileManager.default.removeItem(at: folder) }
        let episode = try PlayerProcess.episode(named: "tone.mp3", in: folder)
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        // The same folders as TmuxSession(podline:) gives the REPL.
        let environment: [String: String?] = [
            "XDG_RUNTIME_DIR": folder.path, "XDG_STATE_HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "HOME": folder.path, "PODLINE_HOME": folder.path,
        ]
        let player = try BackgroundProcess.podline(
            ["play", episode.path, "--output", Bench.output(pulse)], home: folder, environment: environment)
        defer { if player.process.isRunning { player.killNow() } }
        func playerStatus() throws -> ProcessResult { try PodlineBinary.run(["status", "--json"], home: folder, environment: environment) }
        let status = try poll(timeout: 20, playerStatus) { $0.stdout.contains(#""state":"playing""#) }
        #expect(status.stdout.contains(#""state":"playing""#), "the player never played: \(status.stdout) \(status.stderr)")

        let tmux = try TmuxSession(podline: ["repl"], folder: folder, sound: pulse)
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("▶ tone.mp3") && $0.hasSuffix("podline [playing]>") }
        let pause = try PodlineBinary.run(["pause"], home: folder, environment: environment)
        #expect(pause.status == 0, "pause: \(pause.stderr)")
        let pausedAt = Date()
        try tmux.waitFor { $0.contains("⏸ tone.mp3") && $0.hasSuffix("podline [paused]>") }
        let took = Date().timeIntervalSince(pausedAt)
        #expect(took < 5, "the REPL showed the pause after \(took) s")
        tmux.send(["stop", "Enter"])
        try tmux.waitFor { $0.hasSuffix("podline [stopped]>") }
        #expect(player.wait(timeout: 10) != nil, "the player did not end after the REPL's stop")
        tmux.send(["C-d"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    // MARK: 5. play --output in a piped REPL

    @Test("a piped REPL: play --start 10 --duration 1 --output wav:OUT writes 1.0 s; --output bogus exits 64 with one line")
    func replPlayWithOutput() throws {
        let bench = try Bench("pl-meets-wav")
        defer { bench.remove() }
        let episode = try PlayerProcess.episode(named: "minute.mp3", in: bench.root)
        let wav = bench.root.appendingPathComponent("out.wav")
        // No sound server anywhere: only the named output can be used.
        var environment = PodlineBinary.silentMachine(home: bench.home)
        environment["XDG_RUNTIME_DIR"] = bench.runtime.path
        environment["XDG_CONFIG_HOME"] = bench.config.path
        let line = "play '\(episode.path)' --start 10 --duration 1 --output 'wav:\(wav.path)'\n"
        let result = try PodlineBinary.run([], home: bench.home, environment: environment, stdin: Data(line.utf8), timeout: 30)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
        let written = try WAVFile(url: wav)
        #expect(
            written.sampleRate > 0 && abs(written.frameCount - written.sampleRate) <= written.sampleRate / 100,
            "\(written.frameCount) frames at \(written.sampleRate) Hz, 1.0 s expected; stderr: \(result.stderr)")
        #expect(
            SoundAnalysis.audibleSpan(written.mono()) != nil, "the WAV is silent: 10 s into a tone should be heard")

        let bogus = try PodlineBinary.run(
            [], home: bench.home, environment: environment, stdin: Data("play '\(episode.path)' --output bogus\n".utf8), timeout: 30)
        #expect(bogus.status == 64, "exit \(bogus.status): \(bogus.stderr)")
        #expect(bogus.stderrLines.count == 1, "one line expected:\n\(bogus.stderr)")
    }

    // MARK: 6. a narrow terminal

    @Test("50 columns: the now-playing line keeps position, vol and 1x and cuts the title with …; after Ctrl-C the shell starts a new line")
    func narrowTerminal() throws {
        let folder = try Fixtures.temporaryDirectory("pl-meets-narrow")
        defer { try? FileManager.default.removeItem(at: folder) }
        let title = "The Extraordinarily Long Title of an Episode About Everything"
        let episode = try PlayerProcess.episode(named: "\(title).mp3", in: folder)
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let tmux = try TmuxSession(
            columns: 50, command: [PodlineBinary.path, "play", episode.path, "--output", Bench.output(pulse)],
            environment: [
                "XDG_RUNTIME_DIR": folder.path, "XDG_STATE_HOME": folder.path,
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "HOME": folder.path, "PODLINE_HOME": folder.path, "NO_COLOR": "1",
            ])
        defer { tmux.kill() }
        let positionPattern = #"\d+:\d\d / 1:00"#
        try tmux.waitFor { screen in
            screen.split(separator: "\n").contains {
                $0.hasPrefix("▶") && $0.range(of: positionPattern, options: .regularExpression) != nil && $0.contains("0:01")
            }
        }
        let screen = try tmux.screen()
        let line = try #require(screen.split(separator: "\n").first { $0.hasPrefix("▶") }.map(String.init), "\(screen)")
        #expect(line.range(of: positionPattern, options: .regularExpression) != nil, "no position: \(line)")
        #expect(line.contains("vol 100") && line.hasSuffix("1x"), "vol and speed: \(line)")
        #expect(line.contains("…") && !line.contains("Everything"), "the title is not cut with …: \(line)")
        #expect(line.count <= 50, "\(line.count) characters at 50 columns: \(line)")

        tmux.send(["C-c"])
        try tmux.waitFor { $0.contains("EXITED") }
        let after = try tmux.screen().split(separator: "\n").map(String.init)
        let exited = try #require(after.first { $0.contains("EXITED") })
        #expect(exited.hasPrefix("EXITED"), "the shell's output shares the now-playing line:\n\(after.joined(separator: "\n"))")
        #expect(exited == "EXITED 130", "Ctrl-C: \(exited)")
    }
}

/// The folders of one test (library, control socket, config.toml) and the environment every podline process shares.
final class Bench: @unchecked Sendable {
    let root: URL
    let home: URL
    let runtime: URL
    let config: URL
    private(set) var environment: [String: String?]
    private let lock = NSLock()
    private var errors: [String] = []

    init(_ label: String) throws {
        root = try Fixtures.temporaryDirectory(label)
        home = root.appendingPathComponent("home")
        runtime = root.appendingPathComponent("run")
        config = root.appendingPathComponent("config")
        for folder in [home, runtime, config.appendingPathComponent("podline")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        chmod(runtime.path, 0o700)
        environment = [
            "PODLINE_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": runtime.path, "XDG_CONFIG_HOME": config.path,
            "XDG_STATE_HOME": home.path, "NO_COLOR": "1",
        ]
    }

    /// `--output` for a player that plays into `pulse`.
    static func output(_ pulse: PulseAudioServer) -> String {
        "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native"
    }

    /// Points every podline process at `pulse`.
    func pointAt(_ pulse: PulseAudioServer) {
        environment["PULSE_SERVER"] = "unix:\(pulse.runtimeDirectory.path)/pulse/native"
    }

    /// A player of the episode file `name` (see `PlayerProcess.episode`), its output in config.toml pointing at `pulse`,
    /// once `status` says it plays.
    func startPlaying(_ name: String, into pulse: PulseAudioServer) throws -> BackgroundProcess {
        pointAt(pulse)
        try writeConfig("output = \"\(Self.output(pulse))\"\n")
        let episode = try PlayerProcess.episode(named: name, in: root)
        let player = try BackgroundProcess.podline(["play", episode.path], home: home, environment: environment)
        let playing = try waitForStatus { $0.state == "playing" }
        #expect(playing.state == "playing", "\(playing)")
        return player
    }

    func writeConfig(_ text: String) throws {
        try Data(text.utf8).write(to: config.appendingPathComponent("podline/config.toml"))
    }

    /// Runs `podline ARGUMENTS` as another shell of the same user would; its stderr is kept for `commandErrors`.
    func podline(_ arguments: [String], timeout: TimeInterval = 30) throws -> ProcessResult {
        let result = try PodlineBinary.run(arguments, home: home, environment: environment, timeout: timeout)
        lock.withLock { errors.append(result.stderr) }
        return result
    }

    /// Everything the one-shot commands wrote to stderr.
    var commandErrors: String { lock.withLock { errors.joined(separator: "\n") } }

    func status() throws -> MeetsStatus {
        let result = try podline(["status", "--json"], timeout: 15)
        return MeetsStatus(
            object: (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:], result: result)
    }

    /// Polls `status --json` every 100 ms until `condition` holds or `timeout` passes; returns the last answer.
    func waitForStatus(timeout: TimeInterval = 20, until condition: (MeetsStatus) -> Bool) throws -> MeetsStatus {
        try poll(timeout: timeout, status, until: condition)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// One `status --json` answer.
struct MeetsStatus: CustomStringConvertible {
    let object: [String: Any]
    let result: ProcessResult
    var state: String? { object["state"] as? String }
    var position: Double { (object["position"] as? NSNumber)?.doubleValue ?? -1 }
    var outputAvailable: Bool? { object["output_available"] as? Bool }
    var description: String {
        "status --json exited \(result.status): \(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) \(result.stderr)"
    }
}

/// `podline events --json`, or `podline events` on a terminal (under `script`), collecting what it prints.
final class EventsClient: @unchecked Sendable {
    let process = Process()
    private let output: PipeCollector
    private let errors: PipeCollector

    init(bench: Bench, json: Bool) throws {
        if json {
            process.executableURL = URL(fileURLWithPath: PodlineBinary.path)
            process.arguments = ["events", "--json"]
        } else {
            process.executableURL = URL(fileURLWithPath: try #require(CommandRunner.which("script")))
            process.arguments = ["-qfc", "'\(PodlineBinary.path)' events", "/dev/null"]
        }
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in bench.environment { environment[key] = value }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        output = PipeCollector(out)
        errors = PipeCollector(err)
        try process.run()
    }

    var stdout: String { String(decoding: output.data, as: UTF8.self) }
    var stderr: String { String(decoding: errors.data, as: UTF8.self) }

    /// Waits until something has arrived (the client is subscribed); false after `timeout`.
    func waitForData(timeout: TimeInterval = 10) -> Bool {
        waitFor(timeout: timeout) { !$0.isEmpty }
    }

    /// Waits until the output satisfies `condition`; false after `timeout`.
    func waitFor(timeout: TimeInterval = 10, _ condition: (String) -> Bool) -> Bool {
        condition(poll(timeout: timeout, every: 0.02, { stdout }, until: condition))
    }

    /// Waits for the client to end by itself; its status, nil when it had to be killed after `timeout`.
    func wait(timeout: TimeInterval) -> Int32? {
        guard let status = process.exitStatus(within: timeout) else { return nil }
        _ = output.finish()
        _ = errors.finish()
        return status
    }

    func stop() { process.killNow() }

    deinit { stop() }
}

extension TmuxSession {
    /// `command` in a detached tmux session `columns` wide.
    init(columns: Int, rows: Int = 20, command: [String], environment: [String: String]) throws {
        tmux = try #require(CommandRunner.which("tmux"))
        name = "podline-\(UUID().uuidString.prefix(8))"
        func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let assignments = environment.map { "\($0.key)=\(quote($0.value))" }.joined(separator: " ")
        let line = "env \(assignments) \(command.map(quote).joined(separator: " ")); echo EXITED $?; sleep 60"
        let status = spawnAndWait([tmux, "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", line])
        guard status == 0 else { throw TestSupportError("tmux new-session exited \(status)") }
    }
}
