import ArgumentParser
import Foundation
import PodlineApp

/// `podline events [--json]`: follows the running player's events until it stops.
struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: CommandTable.events.name,
        abstract: CommandTable.events.summary,
        discussion: """
            Events: property-change (state, position, volume, speed, episode, queue), episode-started, \
            episode-ended (reason eof, stop, next or error), chapter-changed, download-progress, feed-updated, error. \
            Position changes arrive at most 4 times a second. Exits 4 when no player runs.
            """
    )

    @Flag(name: .long, help: "Print each event as one JSON object per line (the default when output is not a terminal).")
    var json = false

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let client: ControlClient
        do {
            client = try ControlClient()
        } catch {
            printError(error.description)
            throw ExitCode(error.exitStatus)
        }
        do {
            let answer = try client.request([CommandTable.events.name])
            guard answer.succeeded else {
                printError(answer.message ?? answer.error)
                throw ExitCode(ExitStatus.failure)
            }
            let plain = !json && isatty(1) == 1
            while let line = try client.readLine() {
                guard let bytes = plain ? EventText.line(line).map({ Array($0.utf8) }) : line else { continue }
                // A reader that went away (`podline events | head -1`) ends the stream.
                guard TerminalOutput.writeLine(bytes) else { return }
            }
        } catch let error as ControlError {
            printError(error.description)
            throw ExitCode(error.exitStatus)
        }
    }
}
