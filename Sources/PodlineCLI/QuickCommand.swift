import ArgumentParser
import Foundation

/// The one-shot commands that scripts call most (`status`, and the player commands that only send a line to the
/// player), run without building ArgumentParser's command tree, which costs more than the rest of the command.
///
/// Only exact forms are taken; anything else (help, unknown flags, other commands) goes through ArgumentParser,
/// so behaviour and errors are those of the full parser.
enum QuickCommand {
    private static let bare: Set<String> = ["pause", "resume", "toggle", "stop", "next", "skip", "back"]
    private static let oneValue: Set<String> = ["seek", "volume", "speed", "sleep"]

    /// Runs `words` when they are one of the quick forms and returns the exit status; nil otherwise.
    static func run(_ words: [String]) -> Int32? {
        guard let name = words.first else { return nil }
        let arguments = words.dropFirst()
        switch name {
        case "status" where arguments.isEmpty || Array(arguments) == ["--json"]:
            return exitStatus { try StatusCommand.report(json: !arguments.isEmpty) }
        case _ where bare.contains(name) && arguments.isEmpty:
            return exitStatus { try RemoteCommand.run([name]) }
        case _ where oneValue.contains(name) && arguments.count == 1 && !arguments[arguments.startIndex].hasPrefix("--")
            && arguments[arguments.startIndex] != "-h":
            return exitStatus { try RemoteCommand.run(words) }
        default:
            return nil
        }
    }

    private static func exitStatus(_ body: () throws -> Void) -> Int32 {
        do {
            try body()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            printError("\(error)")
            return ExitStatus.failure
        }
    }
}
