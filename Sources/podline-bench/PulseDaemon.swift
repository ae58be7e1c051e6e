import Foundation

/// A private PulseAudio daemon with one null sink, living in its own runtime folder; clients given
/// `environment` reach it and nothing else. Stopped by its pid.
final class PulseDaemon {
    let runtime: String
    let environment: [String: String]
    private var pid: pid_t = 0

    /// Starts the daemon and waits until it answers.
    init(runtime: String, workspace: Workspace) throws {
        self.runtime = runtime
        environment = workspace.environment(runtime: runtime)
        let pulseaudio = try workspace.tool("pulseaudio", install: "apt-get install pulseaudio pulseaudio-utils")
        let pactl = try workspace.tool("pactl", install: "apt-get install pulseaudio-utils")
        Progress.say("starting a private PulseAudio with a null sink")
        // -D returns once the daemon runs; its own output goes to a log in the runtime folder.
        try Subprocess.run(
            pulseaudio,
            [
                "-D", "-n", "--exit-idle-time=-1", "--use-pid-file=yes", "--log-target=stderr",
                "--load=module-null-sink sink_name=bench rate=44100 channels=2",
                "--load=module-native-protocol-unix",
            ], environment: environment, errors: runtime + "/pulseaudio.log")
        for _ in 0..<100 {
            if let text = try? String(contentsOfFile: runtime + "/pulse/pid", encoding: .utf8),
                let value = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                pid = value
                Interruption.shared.track(value)
                if (try? Subprocess.run(pactl, ["info"], environment: environment)) != nil { return }
            }
            usleep(50_000)
        }
        stop()
        throw BenchError("pulseaudio started but never answered (see \(runtime)/pulseaudio.log)")
    }

    /// Stops the daemon by its pid.
    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        for _ in 0..<100 where kill(pid, 0) == 0 { usleep(20_000) }
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        Interruption.shared.forget(pid)
        pid = 0
    }

    deinit { stop() }
}
