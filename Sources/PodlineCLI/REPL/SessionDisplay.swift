import PodcastKit
import PodlineApp

/// Where a session shows what its commands did: printed (the REPL), or handed over as values to a front end that shows
/// them its own way (the full-screen view), never through standard output.
@MainActor
struct SessionDisplay {
    /// A command's result, shown as its data (for a command that asked for JSON) or its lines.
    var result: @MainActor (_ result: CommandResult, _ json: Bool) -> Void
    /// A line saying what went wrong.
    var problem: @MainActor (String) -> Void
    /// Where a library task says what it did, for a command that asked for JSON or not.
    var task: @MainActor (_ json: Bool) -> TaskOutput

    /// Prints to standard output and standard error, as a REPL line does.
    static let printing = SessionDisplay(
        result: { result, json in _ = result.output.print(json: json) }, problem: { printError($0) },
        task: { TaskOutput.standard(json: $0) })

    init(
        result: @escaping @MainActor (CommandResult, Bool) -> Void, problem: @escaping @MainActor (String) -> Void,
        task: @escaping @MainActor (Bool) -> TaskOutput
    ) {
        (self.result, self.problem, self.task) = (result, problem, task)
    }

    /// Shows what `result` says, and what it could not do; a task said both as it went.
    func show(_ result: CommandResult, json: Bool) {
        if case .task = result { return }
        self.result(result, json)
        result.problems.forEach(problem)
    }
}
