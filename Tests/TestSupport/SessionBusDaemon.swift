import Foundation

/// A private D-Bus session bus (`dbus-daemon --session`) for tests that talk MPRIS: clients given `address` (as
/// DBUS_SESSION_BUS_ADDRESS) reach it and nothing else. `stop()` kills it, as a crashed bus would go.
public final class SessionBusDaemon: @unchecked Sendable {
    /// The bus address, for DBUS_SESSION_BUS_ADDRESS.
    public private(set) var address = ""
    private let process = Process()

    public init() throws {
        guard let daemon = CommandRunner.which("dbus-daemon") else { throw TestSupportError("dbus-daemon is not installed") }
        let folder = try Fixtures.temporaryDirectory("podline-bus")
        let addressFile = folder.appendingPathComponent("address")
        FileManager.default.createFile(atPath: addressFile.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: daemon)
        process.arguments = ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(folder.path)/bus", "--print-address=1"]
        process.standardOutput = try FileHandle(forWritingTo: addressFile)
        process.standardError = FileHandle.nullDevice
        try process.run()
        func addressText() -> String { (try? String(contentsOf: addressFile, encoding: .utf8)) ?? "" }
        let printed = poll(timeout: 5, every: 0.025, addressText) { $0.hasSuffix("\n") }
        guard printed.hasSuffix("\n") else { throw TestSupportError("dbus-daemon did not start") }
        address = printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The variables that point a client at this bus.
    public var environment: [String: String?] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Kills the bus.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}
