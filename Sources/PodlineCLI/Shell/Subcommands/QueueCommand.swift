import ArgumentParser
import Foundation
import PodcastKit
import PodlineApp

/// `podline queue [add <ref|file>…|remove <ref|index>|clear]`: shows or changes what the running player plays next,
/// or, when none runs, the library's queue that the next player plays.
struct QueueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: CommandTable.queue.name,
        abstract: CommandTable.queue.summary,
        discussion:
            "With no action, lists the queue. add takes episode references, files or URLs; remove takes a reference or a 1-based index."
    )

    @Flag(name: .long, help: "Print the queue as a JSON array.")
    var json = false

    @Argument(
        help: ArgumentHelp("add <ref|file>…, remove <ref|index>, or clear.", valueName: "action"),
        completion: .list(CommandTable.completionWords(of: CommandTable.queue.name)))
    var action: [String] = []

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        // Files named relative to this shell's folder are handed to the player, which runs elsewhere, as absolute paths.
        let words = PlayRequest(targets: action).absolutized().targets
        let command: ParsedCommand
        do {
            command = try CommandTable.queue.parse(words, CommandTable.queue)
        } catch {
            printError(error.message)
            throw ExitCode(error.exitStatus)
        }
        guard case .player(let queue) = command else { return }
        if case .queue(let action, _) = queue, !RunningPlayer.isRunning {
            // No player: the library's queue, which the next player plays.
            let status = MainActor.assumeIsolated { () -> Int32 in
                let resolver = PlayableResolver.forListener(paths: LibraryPaths.configured())
                do throws(CommandError) {
                    return try LibraryQueue.run(action, editor: ShellEdit.editor(), resolver: resolver).print(json: json)
                } catch {
                    printError(error.message)
                    return error.exitStatus
                }
            }
            if status != 0 { throw ExitCode(status) }
            return
        }
        let answer = try RemoteCommand.run(queue)
        if json {
            print(answer.dataText)
        } else if let items = answer.data(as: [ItemSummary].self) {
            let titles = items.map(\.title)
            MainActor.assumeIsolated {
                ListOutput.write(QueueListView(titles: titles, style: .standardOutput()))
            }
        }
    }
}
