import Foundation
import TestSupport
import Testing

/// The interactive REPL in a real terminal (tmux): completion, history, the status line redrawn while typing,
/// Ctrl-C and Ctrl-D.
@Suite("REPL in a terminal", .serialized)
struct REPLTerminalTests {
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
    init(podline arguments: [String], folder: URL, sound: PulseAudioServer) throws {
        let config = folder.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("output = \"pulse:unix:\(sound.runtimeDirectory.path)/pulse/native\"\n".utf8)
            .write(to: config.appendingPathComponent("config.toml"))
        try self.init(
            folder: folder, command: [PodlineBinary.path] + arguments,
            environment: [
                "XDG_RUNTIME_DIR": folder.path, "XDG_STATE_HOME": folder.path,
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "HOME": folder.path, "PODLINE_HOME": folder.path,
            ])
    }

    /// Sends keys (tmux key names such as `Tab`, `Enter`, `C-c`; other words are typed literally).
    func send(_ keys: [String]) {
        let named: Set<String> = ["Tab", "Enter", "Up", "Down", "Left", "Right", "Space", "C-c", "C-d", "C-u"]
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
