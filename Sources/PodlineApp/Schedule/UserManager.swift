import Foundation
import PodcastKit

/// The listener's systemd user manager, through `systemctl --user`: whether one runs, and the commands that load,
/// enable and ask about the update's timer.
package struct UserManager: Sendable {
    /// True when a user manager runs for this user (its private socket is in the runtime folder).
    package var isRunning: @Sendable () -> Bool
    /// Runs `systemctl --user ARGUMENTS`; its exit status and what it printed (both streams).
    package var systemctl: @Sendable ([String]) -> (status: Int32, output: String)

    /// The user's own manager.
    package static let live = UserManager(
        isRunning: {
            guard let runtime = ProcessEnvironment.value("XDG_RUNTIME_DIR") else { return false }
            return FileManager.default.fileExists(atPath: runtime + "/systemd/private")
        },
        systemctl: { arguments in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["systemctl", "--user"] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            process.standardInput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                return (127, "systemctl cannot be run: \(error.localizedDescription)")
            }
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output.trimmingCharacters(in: .whitespacesAndNewlines))
        })
}
