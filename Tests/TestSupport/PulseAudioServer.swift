import Foundation

/// A private PulseAudio daemon with one null sink, in its own runtime folder, for tests that need real sound.
public final class PulseAudioServer: @unchecked Sendable {
    /// The null sink's name; record its `.monitor` source to hear what was played.
    public let sinkName = "podline_test"
    /// The daemon's own XDG_RUNTIME_DIR; clients given it find this server.
    public let runtimeDirectory: URL
    /// The daemon's process id.
    public private(set) var pid: Int32 = 0

    /// Starts the daemon and waits until it answers.
    public init() throws {
        runtimeDirectory = try Fixtures.temporaryDirectory("podline-pulse")
        chmod(runtimeDirectory.path, 0o700)
        try start()
    }

    /// Kills the daemon (as a crash would) and starts a new one in the same place.
    public func restart() throws {
        if pid > 0 {
            kill(pid, SIGKILL)
            _ = poll(timeout: 2, every: 0.02, { [pid] in kill(pid, 0) == 0 }, until: { !$0 })
        }
        pid = 0
        try? FileManager.default.removeItem(at: runtimeDirectory.appendingPathComponent("pulse/pid"))
        try start()
    }

    private func start() throws {
        guard let pulseaudio = CommandRunner.which("pulseaudio") else { throw TestSupportError("pulseaudio is not installed") }
        // The daemon keeps its standard streams, so they go to a log file rather than a pipe we would wait on.
        let log = runtimeDirectory.appendingPathComponent("pulseaudio.log")
        let status = try CommandRunner.detached(
            pulseaudio,
            [
                "-D", "-n", "--exit-idle-time=-1", "--use-pid-file=yes", "--log-target=stderr",
                "--load=module-null-sink sink_name=\(sinkName) rate=44100 channels=2",
                "--load=module-native-protocol-unix",
            ], environment: environment, log: log)
        guard status == 0 else {
            throw TestSupportError("pulseaudio did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        let pidFile = runtimeDirectory.appendingPathComponent("pulse/pid")
        let pactl = CommandRunner.which("pactl") ?? "/usr/bin/pactl"
        /// True once the pid file names the daemon and it answers `pactl info`.
        func answers() -> Bool {
            guard let text = try? String(contentsOf: pidFile, encoding: .utf8),
                let value = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            else { return false }
            pid = value
            return (try? CommandRunner.run(pactl, ["info"], environment: environment, timeout: 5).status) == 0
        }
        guard poll(timeout: 10, every: 0.05, answers, until: { $0 }) else {
            throw TestSupportError("pulseaudio started but never answered")
        }
    }

    /// The variables that point a client at this daemon.
    public var environment: [String: String?] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "PULSE_SERVER": nil, "HOME": runtimeDirectory.path]
    }

    /// Starts recording the null sink's monitor (44.1 kHz stereo s16), returning once data flows; stop with `Recording.stop()`.
    public func record() throws -> Recording {
        guard let parec = CommandRunner.which("parec") else { throw TestSupportError("parec is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: parec)
        process.arguments = [
            "-d", "\(sinkName).monitor", "--raw", "--rate=44100", "--channels=2",
            "--format=s16le", "--latency-msec=20",
        ]
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let recording = Recording(process: process, pipe: pipe)
        guard poll(timeout: 10, every: 0.01, { recording.frameCount }, until: { $0 > 0 }) > 0 else {
            _ = try? recording.stop()
            throw TestSupportError("parec never recorded")
        }
        return recording
    }

    /// Plays digital silence into the sink until stopped, so the sink keeps running (and its monitor
    /// keeps recording) while a player under test is paused.
    public func keepSinkRunning() throws -> Process {
        guard let pacat = CommandRunner.which("pacat") else { throw TestSupportError("pacat is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pacat)
        process.arguments = ["--raw", "--rate=44100", "--channels=2", "--format=s16le", "--latency-msec=20"]
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Stops the daemon by its pid.
    public func stop() {
        if pid > 0 {
            kill(pid, SIGTERM)
            if poll(timeout: 1, every: 0.02, { [pid] in kill(pid, 0) == 0 }, until: { !$0 }) { kill(pid, SIGKILL) }
        }
        pid = 0
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    deinit { stop() }

    /// A running `parec` writing raw PCM into a pipe, read as it comes.
    public final class Recording: @unchecked Sendable {
        let process: Process
        private let collector: PipeCollector

        init(process: Process, pipe: Pipe) {
            self.process = process
            collector = PipeCollector(pipe)
        }

        /// Stereo frames recorded so far.
        public var frameCount: Int { collector.data.count / 4 }

        /// True when the last `seconds` recorded are silent (no sample above `threshold` of full scale).
        public func endsInSilence(seconds: Double, threshold: Double = 0.005) -> Bool {
            let bytes = Int(seconds * 44_100) * 4
            let data = collector.data
            let end = data.count - data.count % 4
            guard end >= bytes else { return false }
            let limit = Int(threshold * 32_768)
            return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
                stride(from: end - bytes, to: end, by: 2).allSatisfy { (at: Int) -> Bool in
                    let low = UInt16(raw[at] as UInt8)
                    let high = UInt16(raw[at + 1] as UInt8)
                    return abs(Int(Int16(bitPattern: low | high << 8))) <= limit
                }
            }
        }

        /// Waits until the recording ends in `seconds` of silence (all a finished player sent was heard); false after `timeout`.
        @discardableResult
        public func waitForSilence(seconds: Double = 0.1, timeout: TimeInterval = 5) -> Bool {
            poll(timeout: timeout, every: 0.02, { endsInSilence(seconds: seconds) }, until: { $0 })
        }

        /// Ends the recording (parec inherits blocked signals from test runners, so it is killed) and returns it.
        public func stop() throws -> WAVFile {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return WAVFile(rawStereo16: collector.finish(), sampleRate: 44_100)
        }
    }
}
