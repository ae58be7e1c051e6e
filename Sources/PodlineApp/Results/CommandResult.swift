import PodcastKit

/// What a command gave back, as a value each front end shows its own way: the shell and the REPL print it (its lines,
/// or its data as JSON), the control socket encodes its data in a reply, the full-screen view shows it in its panes.
public enum CommandResult: Sendable {
    /// A player command's result: its data and its lines.
    case player(CommandOutput)
    /// Help's text.
    case help([String])
    /// A library edit's report: data, lines, the episodes it could not act on, and its status.
    case edit(EditReport)
    /// A library question's answer.
    case answer(CommandOutput)
    /// A library task's end: it said what it did through `output` as it went.
    case task(TaskEnd)
    /// A client asks to follow the player's events.
    case events
    /// The session ends.
    case quit

    /// What a script reads: the reply's `data`, or what `--json` prints.
    public var data: JSONValue {
        switch self {
        case .player(let output), .answer(let output): output.data
        case .edit(let report): report.data
        case .help(let lines): .array(lines.map(JSONValue.string))
        case .task(let end): end.output.data(list: end.list)
        case .events, .quit: .null
        }
    }

    /// The text for people (a task printed its own as it went).
    public var lines: [String] {
        switch self {
        case .player(let output), .answer(let output): output.lines
        case .edit(let report): report.lines
        case .help(let lines): lines
        case .task, .events, .quit: []
        }
    }

    /// Lines saying what could not be done while the rest was.
    public var problems: [String] {
        switch self {
        case .edit(let report): report.problems
        case .task(let end): end.output.problems
        default: []
        }
    }

    /// The exit status it comes to: 0, or the documented status of its problems.
    public var status: Int32 {
        switch self {
        case .edit(let report): report.status
        case .task(let end): end.status
        default: 0
        }
    }

    /// Its data and lines as one output.
    public var output: CommandOutput { CommandOutput(data: data, lines: lines) }
}

/// How a library task ended.
public struct TaskEnd: Sendable {
    /// Its exit status.
    public var status: Int32
    /// Where it said what it did.
    package var output: TaskOutput
    /// True when its data is a list however many items it holds (`update`, `download`).
    public var list: Bool
}
