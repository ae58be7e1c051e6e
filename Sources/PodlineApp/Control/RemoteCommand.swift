import ArgumentParser
import Foundation

/// Runs one command on the running player for a one-shot subcommand: checks it locally, sends it, reports the reply.
package enum RemoteCommand {
    /// Sends `command` (parsed once, here; it goes as its own words) and returns the reply; failures end the command
    /// with one error line and the documented exit status.
    @discardableResult
    package static func run(_ command: PlayerCommand, location: ControlLocation = .standard()) throws -> ControlAnswer {
        let client: ControlClient
        do {
            client = try ControlClient(location: location)
        } catch {
            printError(error.description)
            throw ExitCode(error.exitStatus)
        }
        let answer: ControlAnswer
        do {
            answer = try client.request(command.words)
        } catch {
            printError(error.description)
            throw ExitCode(error.exitStatus)
        }
        guard answer.succeeded else {
            printError(answer.message ?? answer.error)
            throw ExitCode(CommandError(CommandError.kind(forReplyError: answer.error), "").exitStatus)
        }
        return answer
    }
}
