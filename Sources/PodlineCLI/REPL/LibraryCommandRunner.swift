import ArgumentParser
import Foundation

/// Runs a library command (`shows`, `episodes --json`, …) inside the REPL exactly as the shell form would.
enum LibraryCommandRunner {
    /// Parses `words` with the shell form's parser and runs the command; returns its exit status.
    static func run(_ words: [String]) -> Int32 {
        do {
            var command = try PodlineCommand.parseAsRoot(words)
            guard !(command is ReplCommand) else { return 0 }
            try command.run()
            return 0
        } catch {
            let code = PodlineCommand.exitCode(for: error).rawValue
            let message = PodlineCommand.fullMessage(for: error)
            fflush(nil)
            if code == 0 {
                if !message.isEmpty { print(message) }
            } else if !message.isEmpty {
                printError(message)
            }
            return code
        }
    }
}
