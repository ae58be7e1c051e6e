import PodcastKit
import PodlineApp

/// Runs a library edit, question or task typed in the shell (or in a REPL whose player runs elsewhere) on this process's own
/// model of the library; a running player shows an edit before the command ends.
@MainActor
enum ShellEdit {
    /// Runs `command`, prints its report and returns its exit status.
    static func run(_ command: EditCommand) -> Int32 {
        let editor = editor()
        do {
            return try editor.run(command.edit).print(json: command.json)
        } catch {
            printError(error.message)
            return error.exitStatus
        }
    }

    /// The configured library's model, whose changes a running player shows before the command ends.
    static func editor() -> LibraryEditor {
        let paths = LibraryPaths.configured()
        return LibraryEditor(
            paths: paths, playingRef: { RunningPlayer.currentRef() }, stopPlayer: { (try? RunningPlayer.stop()) != nil },
            observers: [RunningPlayer.showing(changesOf: paths)])
    }

    /// Runs the library task `command` on this process's model of the library, printing as it goes; returns its exit
    /// status.
    static func run(_ command: TaskCommand) async -> Int32 {
        do {
            return try await runner(output: .standard(json: command.json)).run(command.task)
        } catch {
            printError(error.message)
            return error.exitStatus
        }
    }

    /// Runs library tasks on this process's model of the library, saying what they did through `output`.
    static func runner(output: TaskOutput) -> LibraryTaskRunner {
        LibraryTaskRunner(editor: editor(), output: output) { () throws(CommandError) in try RunningPlayer.playing() }
    }

    /// Answers library questions from this process's reading of the configured library.
    static func reader() -> LibraryReader {
        let paths = LibraryPaths.configured()
        return LibraryReader { () throws(StoreError) in try LibraryStore.opened(paths) }
    }

    /// Answers `command` from the library, in standard output's style; returns its exit status.
    static func answer(_ command: QueryCommand) -> Int32 {
        do {
            return try reader().answer(command, style: .standardOutput()).print(json: command.json)
        } catch {
            printError(error.message)
            return error.exitStatus
        }
    }
}
