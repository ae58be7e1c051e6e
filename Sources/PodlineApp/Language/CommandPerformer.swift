import PodcastKit

/// The one place a parsed command is carried out, for every front end: the player's commands on the player's model, the
/// library's edits, questions and tasks on the library's. Front ends differ only in where these live (this process's
/// player, or another's) and in how they show the result.
@MainActor
package struct CommandPerformer {
    /// Runs a player command here; nil where no player runs in this process (the front end sends it on).
    package var player: ((PlayerCommand) throws(CommandError) -> CommandOutput)?
    /// The library's model that edits change.
    package var editor: () -> LibraryEditor
    /// Answers questions from the library.
    package var reader: () -> LibraryReader
    /// Runs library tasks, saying what they do through the output given.
    package var tasks: (TaskOutput) -> LibraryTaskRunner

    package init(
        player: ((PlayerCommand) throws(CommandError) -> CommandOutput)?, editor: @escaping () -> LibraryEditor,
        reader: @escaping () -> LibraryReader, tasks: @escaping (TaskOutput) -> LibraryTaskRunner
    ) {
        (self.player, self.editor, self.reader, self.tasks) = (player, editor, reader, tasks)
    }

    /// The performer of `dispatcher`'s player and library: the REPL's, the full-screen view's and the socket's.
    package init(_ dispatcher: CommandDispatcher) {
        self.init(
            player: { (command: PlayerCommand) throws(CommandError) -> CommandOutput in try dispatcher.run(command) },
            editor: { dispatcher.library }, reader: { dispatcher.reader }, tasks: { dispatcher.tasks($0) })
    }

    /// Carries out `command`. A task says what it does through `output` as it goes; a question's lines are in `style`.
    package func perform(
        _ command: ParsedCommand, output: @autoclosure () -> TaskOutput, style: ListStyle
    ) async throws(CommandError) -> CommandResult {
        guard case .task(let command) = command else { return try performNow(command, style: style) }
        let output = output()
        defer { output.finish() }
        let status = try await tasks(output).run(command.task)
        return .task(TaskEnd(status: status, output: output, list: command.task.answersWithList))
    }

    /// Carries out a command that does not wait: any but a library task, which is unavailable here.
    package func performNow(_ command: ParsedCommand, style: ListStyle) throws(CommandError) -> CommandResult {
        switch command {
        case .quit:
            return .quit
        case .help(let topic):
            return .help(HelpText.lines(for: topic))
        case .player(.events):
            return .events
        case .player(let command):
            guard let player else { throw CommandError(.unavailable, "no player runs in this process") }
            return .player(try player(command))
        case .edit(let command):
            return .edit(try editor().run(command.edit))
        case .query(let command):
            return .answer(try reader().answer(command, style: style))
        case .task(let command):
            throw CommandError(.unavailable, "'\(command.name)' is not available here")
        }
    }
}
