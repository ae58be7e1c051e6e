import Foundation

/// The built `podline` executable that end-to-end tests run.
public enum PodlineBinary {
    /// `$PODLINE_BINARY`, else `podline` beside the test bundle in the build folder.
    public static var path: String {
        if let override = ProcessInfo.processInfo.environment["PODLINE_BINARY"], !override.isEmpty { return override }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("podline")
            if FileManager.default.isExecutableFile(atPath: candidate.path), !folder.lastPathComponent.hasSuffix(".xctest") {
                return candidate.path
            }
            folder = folder.deletingLastPathComponent()
        }
        return "podline"
    }

    /// Runs `podline` with `arguments` in a private home, so no user state is touched.
    public static func run(
        _ arguments: [String], home: URL? = nil, environment: [String: String?] = [:],
        stdin: Data? = nil, timeout: TimeInterval = 60
    ) throws -> ProcessResult {
        var env = environment
        if let home {
            env["PODLINE_HOME"] = env["PODLINE_HOME"] ?? home.path
            env["HOME"] = env["HOME"] ?? home.path
            // One player per user: each test's commands meet only the players it started.
            env["XDG_RUNTIME_DIR"] = env["XDG_RUNTIME_DIR"] ?? home.path
        }
        return try CommandRunner.run(path, arguments, environment: env, stdin: stdin, timeout: timeout)
    }

    /// An environment in which no sound server or sound card can be reached.
    public static func silentMachine(home: URL) -> [String: String?] {
        [
            "XDG_RUNTIME_DIR": home.path, "PULSE_SERVER": "unix:\(home.path)/no-such-pulse-socket",
            "HOME": home.path, "AUDIODEV": "/nonexistent", "ALSA_CARD": "nonexistent",
        ]
    }
}
