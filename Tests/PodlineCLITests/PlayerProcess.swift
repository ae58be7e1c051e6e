import Foundation
import TestSupport
@testable import PodlineCLI

/// A `podline repl` process that serves the control socket while a test talks to it; its stdin stays open until `finish()`.
final class PlayerProcess: @unchecked Sendable {
    let process = Process()
    let runtime: URL
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts the player with `runtime` as XDG_RUNTIME_DIR and waits until its socket accepts connections.
    init(runtime: URL, home: URL) throws {
        self.runtime = runtime
        process.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        process.arguments = ["repl"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["PODLINE_HOME"] = home.path
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let location = ControlLocation(directory: runtime.path + "/podline")
        let deadline = Date().addingTimeInterval(20)
        while (try? ControlClient(location: location)) == nil {
            guard Date() < deadline, process.isRunning else { throw TestSupportError("the player did not start") }
            usleep(10_000)
        }
    }

    /// Types `line` into the player's REPL.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Ends input, waits for the player to exit and returns its status, stdout and stderr.
    func finish() -> (status: Int32, stdout: String, stderr: String) {
        try? input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// The environment a one-shot client needs to reach this player.
    var clientEnvironment: [String: String?] { ["XDG_RUNTIME_DIR": runtime.path] }
}
