import Foundation
import PodcastKit

/// A password or secret the user keeps elsewhere: an environment variable, else the first line a command prints.
/// Never stored, never in an argument list, a log line or a message.
package enum SecretCommand {
    /// `variable`'s value (when one is named), else the first line `command` prints (run by `/bin/sh -c`); `what` names
    /// it in errors, which are configuration errors.
    package static func secret(variable: String?, command: String?, what: String) throws(CommandError) -> String {
        if let variable, let value = ProcessEnvironment.value(variable), !value.isEmpty { return value }
        guard let command else {
            throw CommandError(.configuration, "no \(what) (set its command in config.toml\(variable.map { ", or \($0)" } ?? ""))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandError(.configuration, "the \(what) command could not be run: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError(.configuration, "the \(what) command failed (exit status \(process.terminationStatus))")
        }
        let first =
            String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !first.isEmpty else { throw CommandError(.configuration, "the \(what) command printed nothing") }
        return first
    }
}
