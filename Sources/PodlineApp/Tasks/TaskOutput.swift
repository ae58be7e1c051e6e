import PodcastKit
import Synchronization

/// Where a library task says what it did: printed as it goes in the shell and the REPL (text, or JSON with `--json`),
/// gathered for the reply on the control socket (data only), or handed to a front end that shows it itself (text).
package final class TaskOutput: Sendable {
    /// True when the task speaks to a person or a program as it goes (printed, or handed to a listener); false when
    /// gathering for a reply.
    package let printing: Bool
    /// True when the command asked for JSON (always, for a reply; never, for a listener).
    package let json: Bool
    /// The front end that shows what the task says, instead of standard output and standard error.
    package let listener: TaskListener?
    private let gathered = Mutex<(values: [any ResultValue], problems: [String])>(([], []))

    /// Output printed as it comes, as text or JSON.
    package static func standard(json: Bool) -> TaskOutput { TaskOutput(printing: true, json: json) }

    /// Output gathered for a control-socket reply.
    package static func reply() -> TaskOutput { TaskOutput(printing: false, json: true) }

    /// Output handed to `listener` as it comes, as text for people.
    package static func shown(to listener: TaskListener) -> TaskOutput { TaskOutput(printing: true, json: false, listener: listener) }

    private init(printing: Bool, json: Bool, listener: TaskListener? = nil) {
        self.printing = printing
        self.json = json
        self.listener = listener
    }

    /// True when progress may be drawn as bars on this process's terminal.
    package var drawsBars: Bool { printing && listener == nil }

    /// A line for a reader: printed when the command prints text.
    package func line(_ text: String) {
        if let listener { return listener.line(text) }
        if printing, !json { print(text) }
    }

    /// A value written as JSON in place (`.object(…)`): the same as any result value.
    package func value(_ value: JSONValue) { self.value(value as any ResultValue) }

    /// A whole text meant to be kept as it is (a file's content): printed as it is, or line by line to a listener.
    package func text(_ text: String) {
        if let listener {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
                .forEach { listener.line(String($0)) }
        } else {
            print(text, terminator: "")
        }
    }

    /// What a program reads: printed as one line of JSON with `--json`, gathered for a reply.
    package func value(_ value: any ResultValue) {
        guard printing else { return gathered.withLock { $0.values.append(value) } }
        if json { TerminalOutput.printJSON(value.json) }
    }

    /// Something that went wrong while the rest went on: one line on standard error, or the reply's message.
    package func problem(_ text: String) {
        if let listener { return listener.problem(text) }
        guard printing else { return gathered.withLock { $0.problems.append(text) } }
        printError(text)
    }

    /// The values gathered for a reply: the one value, or all of them as an array when `list` (or there is not one).
    package func data(list: Bool) -> JSONValue {
        gathered.withLock { state in
            state.values.count == 1 && !list ? state.values[0].json : .array(state.values.map(\.json))
        }
    }

    /// The values gathered for a reply, as their types (a `FindEntry` list, a `SyncSummary`, a feed, …).
    package var values: [any ResultValue] { gathered.withLock { $0.values } }

    /// The problems gathered for a reply.
    package var problems: [String] { gathered.withLock { $0.problems } }
}

/// A front end that shows what a library task says its own way: lines, problems and downloads as values.
package struct TaskListener: Sendable {
    /// A line for people.
    package var line: @Sendable (String) -> Void
    /// Something that went wrong while the rest went on.
    package var problem: @Sendable (String) -> Void
    /// A download moved on.
    package var progress: @Sendable (DownloadProgress) -> Void
    /// A download finished: the episode's reference and its file.
    package var downloaded: @Sendable (_ ref: String, _ file: String) -> Void

    package init(
        line: @escaping @Sendable (String) -> Void, problem: @escaping @Sendable (String) -> Void,
        progress: @escaping @Sendable (DownloadProgress) -> Void, downloaded: @escaping @Sendable (String, String) -> Void
    ) {
        (self.line, self.problem, self.progress, self.downloaded) = (line, problem, progress, downloaded)
    }
}
