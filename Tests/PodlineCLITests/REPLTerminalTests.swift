import Foundation
import TestSupport
import Testing

/// The interactive REPL in a real terminal (tmux): completion, history, the status line redrawn while typing,
/// Ctrl-C and Ctrl-D.
@Suite("REPL in a terminal", .serialized)
struct REPLTerminalTests {
    @Test("Alt-x then an unmatched quote is an ordinary line: the REPL answers it and goes on (before: a crash in libedit)")
    func altX() throws {
        let folder = try Fixtures.temporaryDirectory("pl-alt-x")
        let environment = [
            "XDG_RUNTIME_DIR": folder.path, "XDG_STATE_HOME": folder.path, "HOME": folder.path, "PODLINE_HOME": folder.path,
            "LANG": "C.UTF-8", "NO_COLOR": "1",
        ]
        let tmux = try TmuxSession(folder: folder, command: [PodlineBinary.path], environment: environment)
        defer { tmux.kill() }
        try tmux.waitFor { $0.hasSuffix("podline [stopped]>") }
        for meta in ["x", "X"] {
            tmux.send(["\u{1B}" + meta, "\"abc", "Enter"])
            try tmux.waitFor { $0.hasSuffix("unterminated double quote\n■ stopped\npodline [stopped]>") || $0.contains("EXITED") }
        }
        tmux.send(["status", "Enter"])
        try tmux.waitFor { $0.contains("> status\nstopped\n") || $0.contains("EXITED") }
        #expect(try !tmux.screen().contains("EXITED"))
    }

    @Test("Tab completes, the status line is redrawn without losing typed text, Ctrl-C cancels, Up recalls, Ctrl-D leaves")
    func interactive() throws {
        let folder = try Fixtures.temporaryDirectory("pl-tty")
        _ = try PlayerProcess.episode(named: "tone.mp3", in: folder)
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let tmux = try TmuxSession(podline: ["repl"], folder: folder, sound: sound)
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("podline [stopped]>") }
        #expect(try tmux.screen().contains("■ stopped"))

        tmux.send(["vol", "Tab"])
        try tmux.waitFor { $0.hasSuffix("podline [stopped]> volume") }
        tmux.send(["40", "Enter"])
        tmux.send(["play \(folder.path)/to", "Tab"])
        try tmux.waitFor { $0.contains("play \(folder.path)/tone.mp3") }
        tmux.send(["Enter"])
        try tmux.waitFor { $0.contains("▶ tone.mp3") && $0.hasSuffix("podline [playing]>") }

        // Another client pauses the player while a command is half typed.
        tmux.send(["sta"])
        try tmux.waitFor { $0.hasSuffix("podline [playing]> sta") }
        let pause = try PodlineBinary.run(["pause"], home: folder, environment: ["XDG_RUNTIME_DIR": folder.path])
        #expect(pause.status == 0)
        try tmux.waitFor { $0.contains("⏸ tone.mp3  0:0") && $0.hasSuffix("vol 40  1x\npodline [paused]> sta") }
        tmux.send(["tus", "Enter"])
        try tmux.waitFor { $0.contains("paused: tone.mp3") }

        tmux.send(["half typed", "C-c"])
        try tmux.waitFor { $0.contains("^C") && $0.hasSuffix("podline [paused]>") }
        tmux.send(["Up"])
        try tmux.waitFor { $0.hasSuffix("podline [paused]> status") }
        tmux.send(["C-u", "C-d"])
        try tmux.waitFor { $0.contains("EXITED 0") }

        let history = try String(contentsOf: folder.appendingPathComponent("podline/history"), encoding: .utf8)
        #expect(history.contains("status"))
        #expect(!history.contains("half typed"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/podline/control.sock"))
    }

    @Test("Ctrl-C cancels an add waiting on a server that never answers at once, and at an empty prompt only the line")
    func interruptCancelsTheCommand() throws {
        let folder = try Fixtures.temporaryDirectory("pl-tty")
        _ = try PlayerProcess.episode(named: "tone.mp3", in: folder)
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let server = try SilentServer()
        defer { server.stop() }
        let tmux = try TmuxSession(podline: ["repl"], folder: folder, sound: sound)
        defer { tmux.kill() }
        try tmux.waitFor { $0.hasSuffix("podline [stopped]>") }
        tmux.send(["play \(folder.path)/tone.mp3", "Enter"])
        try tmux.waitFor { $0.contains("▶ tone.mp3") && $0.hasSuffix("podline [playing]>") }
        try waitUntilHeard(folder)

        // The server took the connection and never answers: the add would wait 30 s for a byte.
        tmux.send(["add \(server.url)", "Enter"])
        #expect(poll(timeout: 10, every: 0.02, { server.connections }, until: { $0 > 0 }) > 0)
        usleep(300_000)
        #expect(try tmux.screen().hasSuffix("podline [playing]> add \(server.url)"))

        let interrupted = Date()
        tmux.send(["C-c"])
        tmux.send(["status", "Enter"])
        let answered = try poll(timeout: 5, every: 0.02, tmux.screen) { $0.contains("playing: tone.mp3") }
        let waited = Date().timeIntervalSince(interrupted)
        #expect(answered.contains("playing: tone.mp3"), "\(answered)")
        #expect(waited < 1, "status was answered \(waited) s after Ctrl-C")
        #expect(answered.contains("podline: \(server.url)"), "one line says the add ended: \(answered)")
        // The request was cancelled, not left waiting: its connection is closed.
        #expect(poll(timeout: 2, every: 0.05, { server.closedByClient }, until: { $0 > 0 }) > 0)
        try expectPlaying(folder)

        // At an empty prompt Ctrl-C cancels the (empty) line, and nothing else.
        tmux.send(["C-c"])
        usleep(500_000)
        tmux.send(["status", "Enter"])
        try tmux.waitFor { $0.components(separatedBy: "playing: tone.mp3").count == 3 && $0.hasSuffix("podline [playing]>") }
        #expect(try !tmux.screen().contains("EXITED"))
        try expectPlaying(folder)
        tmux.send(["quit", "Enter"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    @Test("Ctrl-C cancels a find and a download waiting on a server that never answers, at once, and the player plays on")
    func interruptCancelsFindAndDownload() throws {
        let folder = try Fixtures.temporaryDirectory("pl-tty")
        _ = try PlayerProcess.episode(named: "tone.mp3", in: folder)
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let server = try SilentServer()
        defer { server.stop() }
        let feed = folder.appendingPathComponent("feed.xml")
        try """
        <?xml version="1.0"?>
        <rss version="2.0"><channel><title>Hang Show</title>
        <item><title>Never Sent</title><guid>hang-1</guid><enclosure url="\(server.url)ep.mp3" length="1000" type="audio/mpeg"/></item>
        </channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(
            podline: ["repl"], folder: folder, sound: sound, config: "[directory]\nitunes_url = \"\(server.url)\"\n")
        defer { tmux.kill() }
        try tmux.waitFor { $0.hasSuffix("podline [stopped]>") }
        tmux.send(["add \(feed.path)", "Enter"])
        try tmux.waitFor { $0.contains("Added hang-show") && $0.hasSuffix("podline [stopped]>") }
        tmux.send(["play \(folder.path)/tone.mp3", "Enter"])
        try tmux.waitFor { $0.contains("▶ tone.mp3") && $0.hasSuffix("podline [playing]>") }
        try waitUntilHeard(folder)

        for (index, line) in ["find cafe", "download hang-show/1"].enumerated() {
            tmux.send([line, "Enter"])
            #expect(poll(timeout: 10, every: 0.02, { server.connections }, until: { $0 > index }) > index, "\(line) never asked")
            usleep(300_000)
            let interrupted = Date()
            tmux.send(["C-c"])
            tmux.send(["status", "Enter"])
            let answered = try poll(timeout: 5, every: 0.02, tmux.screen) {
                $0.components(separatedBy: "playing: tone.mp3").count == index + 2
            }
            let waited = Date().timeIntervalSince(interrupted)
            #expect(answered.components(separatedBy: "playing: tone.mp3").count == index + 2, "\(answered)")
            #expect(waited < 1, "status was answered \(waited) s after Ctrl-C in \(line)")
            #expect(
                poll(timeout: 2, every: 0.05, { server.closedByClient }, until: { $0 > index }) > index, "\(line) left its request open")
        }
        try expectPlaying(folder)
        tmux.send(["quit", "Enter"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    @Test("Ctrl-Z pauses the REPL's player before the REPL stops; clients get exit 69 meanwhile; after fg it stays paused")
    func suspendPausesThePlayer() throws {
        let folder = try Fixtures.temporaryDirectory("pl-tty")
        _ = try PlayerProcess.episode(named: "tone.mp3", in: folder)
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let tmux = try TmuxSession(shellIn: folder, sound: sound)
        defer { tmux.kill() }
        try tmux.waitFor { $0.hasSuffix("$") }
        tmux.send(["\(PodlineBinary.path) repl", "Enter"])
        try tmux.waitFor { $0.hasSuffix("podline [stopped]>") }
        tmux.send(["play \(folder.path)/tone.mp3", "Enter"])
        try tmux.waitFor { $0.contains("▶ tone.mp3") && $0.hasSuffix("podline [playing]>") }
        try waitUntilHeard(folder)

        tmux.send(["C-z"])
        try tmux.waitFor { $0.contains("podline: paused while suspended") && $0.contains("Stopped") && $0.hasSuffix("$") }
        let asked = Date()
        let status = try PodlineBinary.run(
            ["status", "--json"], home: folder, environment: ["XDG_RUNTIME_DIR": folder.path], timeout: 20)
        #expect(status.status == 69)
        #expect(Date().timeIntervalSince(asked) < 3)
        #expect(status.stderrLines.count == 1)
        #expect(status.stderr.contains("does not answer"))

        tmux.send(["fg", "Enter"])
        try tmux.waitFor { $0.contains("⏸ tone.mp3") && $0.hasSuffix("podline [paused]>") }
        #expect(try statusJSON(folder)["state"] as? String == "paused")
        tmux.send(["resume", "Enter"])
        try tmux.waitFor { $0.hasSuffix("podline [playing]>") }
        try expectPlaying(folder)
        tmux.send(["quit", "Enter"])
        try tmux.waitFor { $0.hasSuffix("$") && $0.contains("podline [playing]> quit") }
    }

    @Test("Ctrl-Z under podline play pauses its player and gives the shell its terminal with one line; after fg, space plays on")
    func suspendPausesPlay() throws {
        let folder = try Fixtures.temporaryDirectory("pl-tty")
        _ = try PlayerProcess.episode(named: "tone.mp3", in: folder)
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let tmux = try TmuxSession(shellIn: folder, sound: sound)
        defer { tmux.kill() }
        try tmux.waitFor { $0.hasSuffix("$") }
        tmux.send(["\(PodlineBinary.path) play \(folder.path)/tone.mp3", "Enter"])
        try tmux.waitFor { $0.contains("▶ tone.mp3") }
        try waitUntilHeard(folder)

        tmux.send(["C-z"])
        try tmux.waitFor { $0.contains("podline: paused while suspended") && $0.contains("Stopped") && $0.hasSuffix("$") }
        // The shell's own line editing works: the terminal was given back as it was.
        tmux.send(["echo typed", "Enter"])
        try tmux.waitFor { $0.contains("\ntyped\n") }
        tmux.send(["fg", "Enter"])
        try tmux.waitFor { $0.contains("⏸ tone.mp3") }
        #expect(try statusJSON(folder)["state"] as? String == "paused")
        tmux.send(["Space"])
        try expectPlaying(folder)
        tmux.send(["q"])
        try tmux.waitFor { $0.hasSuffix("$") }
    }

    /// The running player's `status --json`, asked from another shell.
    private func statusJSON(_ folder: URL) throws -> [String: Any] {
        let result = try PodlineBinary.run(["status", "--json"], home: folder, environment: ["XDG_RUNTIME_DIR": folder.path])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
    }

    /// Waits until the player's position has moved on (the sound output has started).
    private func waitUntilHeard(_ folder: URL) throws {
        let heard = try poll(timeout: 15, every: 0.1, { try statusJSON(folder)["position"] as? Double ?? 0 }, until: { $0 > 0.3 })
        #expect(heard > 0.3, "the player never got going")
    }

    /// Expects the player to be playing, its position going on within 1.5 s.
    private func expectPlaying(_ folder: URL) throws {
        let before = try statusJSON(folder)
        let start = before["position"] as? Double ?? 0
        let after = try poll(timeout: 1.5, every: 0.2, { try statusJSON(folder) }, until: { ($0["position"] as? Double ?? 0) > start })
        #expect(before["state"] as? String == "playing")
        #expect(after["state"] as? String == "playing")
        #expect((after["position"] as? Double ?? 0) > (before["position"] as? Double ?? 0), "\(before) then \(after)")
    }
}

/// A detached tmux session running one command, for driving a terminal program.
struct TmuxSession {
    let name: String
    let tmux: String

    init(folder: URL, command: [String], environment: [String: String]) throws {
        tmux = try #require(CommandRunner.which("tmux"))
        name = "podline-\(UUID().uuidString.prefix(8))"
        let assignments = environment.map { "\($0.key)=\(shellQuote($0.value))" }.joined(separator: " ")
        let line = "env \(assignments) \(command.map(shellQuote).joined(separator: " ")); echo EXITED $?; sleep 60"
        // The tmux server outlives this call, so the client is spawned and awaited directly, its output to /dev/null.
        let status = spawnAndWait([tmux, "new-session", "-d", "-s", name, "-x", "100", "-y", "30", line])
        guard status == 0 else { throw TestSupportError("tmux new-session exited \(status)") }
    }

    /// `podline ARGUMENTS` in a terminal, with everything of its own under `folder` and config.toml sending its sound
    /// to `sound`'s server.
    init(podline arguments: [String], folder: URL, sound: PulseAudioServer, config: String = "") throws {
        try self.init(
            folder: folder, command: [PodlineBinary.path] + arguments, environment: Self.podlineEnvironment(folder, sound, config: config))
    }

    /// An interactive bash (job control: Ctrl-Z, `fg`) with podline's environment as `init(podline:)` makes it, and the
    /// prompt `$ `.
    init(shellIn folder: URL, sound: PulseAudioServer) throws {
        var environment = try Self.podlineEnvironment(folder, sound)
        environment["PS1"] = "$ "
        try self.init(folder: folder, command: ["bash", "--norc", "--noprofile", "-i"], environment: environment)
    }

    /// Everything of podline's under `folder`, and config.toml sending its sound to `sound`'s server, then `config`.
    private static func podlineEnvironment(_ folder: URL, _ sound: PulseAudioServer, config more: String = "") throws -> [String: String] {
        let config = folder.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("output = \"pulse:unix:\(sound.runtimeDirectory.path)/pulse/native\"\n\(more)".utf8)
            .write(to: config.appendingPathComponent("config.toml"))
        return [
            "XDG_RUNTIME_DIR": folder.path, "XDG_STATE_HOME": folder.path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "HOME": folder.path, "PODLINE_HOME": folder.path,
        ]
    }

    /// Sends keys (tmux key names such as `Tab`, `Enter`, `C-c`; other words are typed literally).
    func send(_ keys: [String]) {
        let named: Set<String> = ["Tab", "Enter", "Up", "Down", "Left", "Right", "Space", "C-c", "C-d", "C-u", "C-z"]
        for key in keys {
            let arguments = named.contains(key) ? ["send-keys", "-t", name, key] : ["send-keys", "-t", name, "-l", key]
            _ = try? CommandRunner.run(tmux, arguments)
        }
    }

    /// The visible screen, trailing blank lines and spaces removed.
    func screen() throws -> String {
        let capture = try CommandRunner.run(tmux, ["capture-pane", "-p", "-t", name])
        let lines = capture.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// Waits until the screen satisfies `condition`; fails with the screen after 20 seconds.
    func waitFor(_ condition: (String) -> Bool) throws {
        let last = try poll(timeout: 20, every: 0.05, screen, until: condition)
        guard condition(last) else { throw TestSupportError("the screen never matched:\n\(last)") }
    }

    func kill() {
        _ = try? CommandRunner.run(tmux, ["kill-session", "-t", name])
    }
}

/// Runs `arguments` with standard streams on /dev/null and waits for that process alone (Foundation's Process can
/// miss the exit of a tmux client whose server lives on); returns its exit status.
func spawnAndWait(_ arguments: [String]) -> Int32 {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (status >> 8) & 0xFF
}

private func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
