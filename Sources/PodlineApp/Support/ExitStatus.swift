import ArgumentParser
import AudioEngine
import Foundation
import PodcastKit

/// The documented exit codes of every podline command.
public enum ExitStatus {
    /// Any other failure.
    public static let failure: Int32 = 1
    /// A feed, file or episode could not be read.
    public static let unreadable: Int32 = 2
    /// No audio device, or the output failed.
    public static let noOutput: Int32 = 3
    /// No running player, for commands that need one.
    public static let noPlayer: Int32 = 4
    /// Usage or validation error.
    public static let usage: Int32 = 64
    /// A server could not be reached (EX_UNAVAILABLE).
    public static let unreachable: Int32 = 69
    /// A server refused the credentials (EX_NOPERM).
    public static let refused: Int32 = 77
    /// config.toml cannot be read or holds a bad value (EX_CONFIG).
    public static let config: Int32 = 78
    /// Interrupted.
    public static let interrupted: Int32 = 130

    /// The exit code for an audio failure.
    public static func code(for error: AudioError) -> Int32 {
        switch error {
        case .unreadable, .unsupportedFormat, .truncated: return unreadable
        case .noAudioOutput, .library: return noOutput
        case .badOutput: return usage
        case .unwritable: return failure
        }
    }
}

/// Prints `message` as one `podline: …` line on standard error.
package func printError(_ message: String) {
    var stream = StandardErrorStream()
    // One line, and nothing in it a terminal would act on (a typed or pasted control byte, an escape sequence), nor a
    // password written into a URL.
    let oneLine = TerminalText.safe(FeedCredential.redacted(message))
    print("\(TerminalStyle.paint("podline:", .red, enabled: TerminalStyle.enabled(for: StandardError.descriptor))) \(oneLine)", to: &stream)
}

/// Standard error as a `TextOutputStream`.
package struct StandardErrorStream: TextOutputStream {
    package mutating func write(_ string: String) {
        StandardError.write(string)
    }
}

/// Prints `error` and ends the command with its documented exit code.
package func fail(_ error: AudioError) -> ExitCode {
    printError(error.description)
    return ExitCode(ExitStatus.code(for: error))
}
