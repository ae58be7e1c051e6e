import Foundation

/// A program started in the background so that a test can interrupt it (`kill -9`) or watch it while it runs:
/// its memory, its open files, and how it ended.
public final class BackgroundProcess: @unchecked Sendable {
    /// The running process.
    public let process = Process()
    /// When it was started.
    public let started: Date

    /// Starts `executable` with `arguments`; `environment` entries are added to (or, when nil, removed from)
    /// this process's. Standard error goes to `stderr` when given, else to /dev/null; standard output to /dev/null.
    public init(_ executable: String, _ arguments: [String], environment: [String: String?] = [:], stderr: URL? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        if let stderr {
            FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        started = Date()
        try process.run()
    }

    /// Starts the built `podline` with `arguments`, its library in `home`.
    public static func podline(
        _ arguments: [String], home: URL, environment: [String: String?] = [:],
        stderr: URL? = nil
    ) throws -> BackgroundProcess {
        var env = environment
        env["PODLINE_HOME"] = env["PODLINE_HOME"] ?? home.path
        return try BackgroundProcess(PodlineBinary.path, arguments, environment: env, stderr: stderr)
    }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }

    /// Seconds since the start.
    public var elapsed: TimeInterval { Date().timeIntervalSince(started) }

    /// Sends SIGKILL and waits for the process to go; true when it was still running when killed.
    @discardableResult
    public func killNow() -> Bool { process.killNow() }

    /// Waits until the process exits (killing it after `timeout`); returns its status, nil when it had to be killed.
    public func wait(timeout: TimeInterval) -> Int32? { process.exitStatus(within: timeout) }

    /// Resident memory in kB (`VmRSS` in /proc/PID/status), nil once the process is gone.
    public var residentKilobytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1])
        }
        return nil
    }

    /// How many file descriptors the process has open, nil once it is gone.
    public var openFileCount: Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    /// How many threads the process has, nil once it is gone.
    public var threadCount: Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"))?.count
    }

    deinit {
        if process.isRunning { killNow() }
    }
}
