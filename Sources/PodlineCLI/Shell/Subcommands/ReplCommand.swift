import ArgumentParser
import Foundation
import PodcastKit
import PodlineApp

/// `podline repl`: the interactive command line (line editing on a terminal; one command per line from a pipe).
struct ReplCommand: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: CommandTable.repl.name,
        abstract: CommandTable.repl.summary,
        discussion: """
            Every command of the shell form works without the leading 'podline', and names may be shortened to a \
            unique prefix. When standard input is not a terminal there is no prompt and no colour; a failing line \
            does not stop the rest, and the exit status is that of the last failing line (0 if none).
            """
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @MainActor func runOnMain() async throws {
        SignalMask.unblockTermination()
        // A broken config.toml was refused (exit 78) before any command ran.
        let interactive = isatty(0) == 1 && isatty(1) == 1
        let status = await ReplRunner.run(settings: Configuration.settings) { session -> any LineSource in
            guard interactive, EditLineSource.libraryLoads else { return PipeLineSource() }
            let feed = StatusFeed(player: session.player)
            session.keepAlive(feed)
            return EditLineSource(status: feed.shared, completer: Completer(paths: LibraryPaths()))
        }
        if status != 0 { throw ExitCode(status) }
    }
}
