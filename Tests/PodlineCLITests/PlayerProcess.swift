import Foundation
import TestSupport

@testable import PodlineApp
@testable import PodlineCLI

/// A `podline repl` process that serves the control socket while a test talks to it; its stdin stays open until `finish()`.
final class PlayerProcess: @unchecked Sendable {
    let process = Process()
    let runtime: URL
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts the player with `runtime` as XDG_RUNTIME_DIR and waits until its socket accepts connections.
    /// The sound server the player plays into, so that playback runs in real time.
    let sound: PulseAudioServer

    init(runtime: URL, home: URL) throws {
        self.runtime = runtime
        sound = try PulseAudioServer()
        try Fixtures.writeConfig("output = \"pulse:unix:\(sound.runtimeDirectory.path)/pulse/native\"\n", home: home)
        process.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        process.arguments = ["repl"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["PODLINE_HOME"] = home.path
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let location = ControlLocation(directory: runtime.path + "/podline")
        func accepts() -> Bool { (try? ControlClient(location: location)) != nil }
        let serving = poll(timeout: 20, every: 0.01, accepts) { $0 || !process.isRunning }
        guard serving else { throw TestSupportError("the player did not start") }
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
        sound.stop()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// A 60-second tone MP3 named `name` in `folder`: a real episode for the player to play.
    static func episode(named name: String, in folder: URL) throws -> URL {
        let made = try Fixtures.toneMP3(
            in: folder, name: "episode-\(UUID().uuidString.prefix(6)).mp3", seconds: 60,
            rate: 22_050, channels: 1, bitrate: 32)
        let target = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: made, to: target)
        return target
    }

    /// The environment a one-shot client needs to reach this player.
    var clientEnvironment: [String: String?] { ["XDG_RUNTIME_DIR": runtime.path] }
}
