import Foundation

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stdoutData: Data
    /// True when the runner had to kill the process at its deadline.
    public var timedOut: Bool

    /// Standard error's non-empty lines.
    public var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    public var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
}

/// Runs programs for tests, with a deadline so that a hang fails instead of blocking the suite.
public enum CommandRunner {
    /// Runs `executable` with `arguments`; `environment` entries are added to (or, when nil, removed from) this process's.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        stdin: Data? = nil, directory: URL? = nil, timeout: TimeInterval = 60
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        let outBox = DataBox()
        let errBox = DataBox()
        let group = DispatchGroup()
        for (pipe, box) in [(outPipe, outBox), (errPipe, errBox)] {
            group.enter()
            DispatchQueue.global().async {
                box.data = pipe.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        try process.run()
        if let stdin { inPipe.fileHandleForWriting.write(stdin) }
        try? inPipe.fileHandleForWriting.close()
        let timedOut = poll(timeout: timeout, every: 0.01, { process.isRunning }, until: { !$0 })
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        group.wait()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: outBox.data, as: UTF8.self),
            stderr: String(decoding: errBox.data, as: UTF8.self),
            stdoutData: outBox.data, timedOut: timedOut)
    }

    /// Runs a program that may leave a daemon behind: its output goes to `log`, and only its own exit is awaited.
    public static func detached(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        log: URL
    ) throws -> Int32 {
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs a program found on PATH (`sox`, `lame`, `mpg123`), failing the test if it fails.
    @discardableResult
    public static func tool(
        _ name: String, _ arguments: [String], environment: [String: String?] = [:],
        timeout: TimeInterval = 120
    ) throws -> ProcessResult {
        guard let path = which(name) else { throw TestSupportError("\(name) is not installed") }
        let result = try run(path, arguments, environment: environment, timeout: timeout)
        guard result.status == 0 else {
            throw TestSupportError("\(name) \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return result
    }

    /// The full path of `name` on PATH.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A failure in test set-up, with its reason.
public struct TestSupportError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

private final class DataBox: @unchecked Sendable {
    var data = Data()
}
