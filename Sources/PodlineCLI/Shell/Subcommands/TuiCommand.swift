import ArgumentParser
import Foundation
import Playback
import PodcastKit
import PodlineApp

/// `podline tui`: the full-screen view.
struct TuiCommand: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: CommandTable.tui.name,
        abstract: CommandTable.tui.summary,
        discussion: "Keys: ? in the view lists them; [keys] in config.toml changes them. See podline help tui."
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @MainActor func runOnMain() async throws {
        SignalMask.unblockTermination()
        guard isatty(0) == 1, isatty(1) == 1 else {
            printError("tui: standard input and output must be a terminal (use the REPL or the shell's commands in scripts)")
            throw ExitCode(ExitStatus.usage)
        }
        let settings = Configuration.settings
        let session = ReplSession(settings: settings)
        let store: LibraryStore
        do {
            store = try session.dispatcher.library.library().store
        } catch {
            printError("tui: \(error)")
            throw ExitCode(CommandError(error).exitStatus)
        }
        let ttyOutput = dup(1)
        defer { close(ttyOutput) }
        let colors = TerminalStyle.enabled(for: 1)
        let app = FullScreenApp(
            session: session, store: store, keys: KeyMap(overrides: settings.keys),
            screen: TerminalScreen(input: 0, output: ttyOutput), colors: colors)
        let status = await app.run()
        let owned = session.ownsPlayer
        session.shutdown()
        if owned { await SyncStart.automatically(editor: session.dispatcher.library) }
        if status != 0 { throw ExitCode(status) }
    }
}
