import ArgumentParser
import PodlineApp

/// `podline status [--json]`: what the running player is doing; a stopped status (and `{"state":"stopped"}`) when none
/// runs, exit 0.
enum StatusQuery {
    /// Asks the running player for its status and prints it (stopped when none runs).
    static func report(json: Bool) throws {
        let client: ControlClient
        do {
            client = try ControlClient()
        } catch {
            guard error == .noPlayer else {
                printError(error.description)
                throw ExitCode(error.exitStatus)
            }
            print(json ? StatusReport.noPlayer.rendered : "stopped")
            return
        }
        let answer: ControlAnswer
        do {
            answer = try client.request([CommandTable.status.name])
        } catch {
            printError(error.description)
            throw ExitCode(error.exitStatus)
        }
        guard answer.succeeded else {
            printError(answer.message ?? answer.error)
            throw ExitCode(ExitStatus.failure)
        }
        if json {
            print(answer.dataText)
        } else {
            StatusText.lines(answer.data(as: PlayerStatus.self)).forEach { print($0) }
        }
    }
}
