import PodcastKit
import PodlineApp

/// Runs a library edit, question or task typed in the shell (or in a REPL whose player runs elsewhere) on this process's own
/// model of the library; a running player shows an edit before the command ends.
@MainActor
enum ShellEdit {
    /// The configured library's model, whose changes a running player shows before the command ends.
    static func editor() -> LibraryEditor {
        let paths = LibraryPaths.configured()
        return LibraryEditor(
            paths: paths, playingRef: { RunningPlayer.currentRef() }, stopPlayer: { (try? RunningPlayer.stop()) != nil },
            observers: [RunningPlayer.showing(changesOf: paths)])
    }

    /// Runs library tasks on this process's model of the library, saying what they did through `output`.
    static func runner(output: TaskOutput) -> LibraryTaskRunner {
        LibraryTaskRunner(
            editor: editor(), output: output, notifier: .desktop, position: { RunningPlayer.position() },
            playing: { () throws(CommandError) in try RunningPlayer.playing() })
    }

    /// Answers library questions from this process's reading of the configured library.
    static func reader() -> LibraryReader {
        LibraryReader(editor: editor())
    }

    /// Carries out the library's commands on this process's model of the library; player commands are not for it.
    static func performer() -> CommandPerformer {
        CommandPerformer(player: nil, editor: editor, reader: reader, tasks: { runner(output: $0) })
    }

    /// Carries out a library edit, question or task typed in the shell, prints what it says and returns its status.
    static func perform(_ command: ParsedCommand) async -> Int32 {
        let json = command.asksForJSON
        do {
            let result = try await performer().perform(command, output: .standard(json: json), style: .standardOutput())
            SessionDisplay.printing.show(result, json: json)
            return result.status
        } catch {
            printError(error.message)
            return error.exitStatus
        }
    }
}
