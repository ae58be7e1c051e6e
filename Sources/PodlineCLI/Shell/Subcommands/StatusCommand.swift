import ArgumentParser

/// `podline status [--json]`: what the running player is doing; a stopped status when none runs.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: CommandTable.summary(of: "status"),
        discussion: "With no running player it reports stopped (and {\"state\":\"stopped\"} with --json) and exits 0."
    )

    @Flag(name: .long, help: "Print one JSON object: state, episode, position, duration, volume, speed, queue, sleep.")
    var json = false

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try Self.report(json: json)
    }

    /// Asks the running player for its status and prints it (stopped when none runs).
    static func report(json: Bool) throws {
        let client: ControlClient
        do {
            client = try ControlClient()
        } catch {
            guard error == .noPlayer else {
                printError(error.description)
                throw ExitCode(ExitStatus.failure)
            }
            print(json ? StatusReport.noPlayer.rendered : "stopped")
            return
        }
        let answer: ControlAnswer
        do {
            answer = try client.request(["status"])
        } catch {
            printError(error.description)
            throw ExitCode(ExitStatus.failure)
        }
        guard answer.succeeded else {
            printError(answer.message ?? answer.error)
            throw ExitCode(ExitStatus.failure)
        }
        if json {
            print(answer.dataText)
        } else {
            StatusText.lines(answer.data).forEach { print($0) }
        }
    }
}
