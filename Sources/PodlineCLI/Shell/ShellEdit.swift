import PodcastKit

/// Runs a library edit or question typed in the shell (or in a REPL whose player runs elsewhere) on this process's own
/// model of the library; a running player shows an edit before the command ends.
@MainActor
enum ShellEdit {
    /// Runs `command`, prints its report and returns its exit status.
    static func run(_ command: EditCommand) -> Int32 {
        let paths = LibraryPaths.configured()
        let editor = LibraryEditor(
            paths: paths, playingRef: { RunningPlayer.currentRef() }, stopPlayer: { (try? RunningPlayer.stop()) != nil },
            observers: [RunningPlayer.showing(changesOf: paths)])
        do {
            return try editor.run(command.edit).print(json: command.json)
        } catch {
            printError(error.message)
            return error.exitStatus
        }
    }

    /// Answers `command` from the library, in standard output's style; returns its exit status.
    static func answer(_ command: QueryCommand) -> Int32 {
        let paths = LibraryPaths.configured()
        let reader = LibraryReader { () throws(StoreError) in try LibraryStore.opened(paths) }
        do {
            return try reader.answer(command, style: .standardOutput()).print(json: command.json)
        } catch {
            printError(error.message)
            return error.exitStatus
        }
    }
}
