import PodcastKit
import Synchronization

/// Where a library task says what it did: printed as it goes in the shell and the REPL (text, or JSON with `--json`),
/// gathered for the reply on the control socket (data only), or streamed to a front end that shows it itself (as
/// `TaskActivity` values, an `AsyncStream` that ends with the task).
package final class TaskOutput: Sendable {
    /// Where what a task says goes.
    package enum Destination: Sendable {
        /// Printed on this process's standard output as it goes: text, or NDJSON when `json`.
        case printed(json: Bool)
        /// Gathered for the reply on the control socket: data and problems only.
        case reply
        /// Streamed to a front end that shows it itself; the stream ends at `finish()`.
        case streamed(AsyncStream<TaskActivity>.Continuation)
    }

    package let destination: Destination
    private let gathered = Mutex<(values: [any ResultValue], problems: [String])>(([], []))

    /// Output printed as it comes, as text or JSON.
    package static func standard(json: Bool) -> TaskOutput { TaskOutput(.printed(json: json)) }

    /// Output gathered for a control-socket reply.
    package static func reply() -> TaskOutput { TaskOutput(.reply) }

    /// Output streamed as it comes, as text for people, downloads' progress and ends: the stream ends at `finish()`.
    package static func streamed() -> (output: TaskOutput, activity: AsyncStream<TaskActivity>) {
        let (activity, continuation) = AsyncStream.makeStream(of: TaskActivity.self)
        return (TaskOutput(.streamed(continuation)), activity)
    }

    private init(_ destination: Destination) {
        self.destination = destination
    }

    /// True when the task speaks to a person or a program as it goes (printed, or streamed); false when gathering for a
    /// reply.
    package var printing: Bool {
        if case .reply = destination { return false }
        return true
    }

    /// True when the command asked for JSON (always, for a reply; never, for a stream).
    package var json: Bool {
        switch destination {
        case .printed(let json): json
        case .reply: true
        case .streamed: false
        }
    }

    /// Where what the task says goes to a front end that shows it, instead of standard output and standard error.
    package var activity: AsyncStream<TaskActivity>.Continuation? {
        if case .streamed(let continuation) = destination { return continuation }
        return nil
    }

    /// Ends the stream of what the task says: the task is done.
    package func finish() { activity?.finish() }

    /// True when progress may be drawn as bars on this process's terminal.
    package var drawsBars: Bool {
        if case .printed = destination { return true }
        return false
    }

    /// A line for a reader: printed when the command prints text.
    package func line(_ text: String) {
        if let activity {
            activity.yield(.line(text))
        } else if printing, !json {
            print(text)
        }
    }

    /// A value written as JSON in place (`.object(…)`): the same as any result value.
    package func value(_ value: JSONValue) { self.value(value as any ResultValue) }

    /// A whole text meant to be kept as it is (a file's content): printed as it is, or line by line to a listener.
    package func text(_ text: String) {
        if let activity {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
                .forEach { activity.yield(.line(String($0))) }
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
        if let activity {
            activity.yield(.problem(text))
            return
        }
        guard printing else { return gathered.withLock { $0.problems.append(text) } }
        printError(text)
    }

    /// The values gathered for a reply: the one value, or all of them as an array when `list` (or there is not one).
    package func data(list: Bool) -> JSONValue {
        gathered.withLock { state in
            state.values.count == 1 && !list ? state.values[0].json : .array(state.values.map(\.json))
        }
    }

    /// The problems gathered for a reply.
    package var problems: [String] { gathered.withLock { $0.problems } }
}

/// What a library task says as it goes, to a front end that shows it its own way.
package enum TaskActivity: Sendable {
    /// A line for people.
    case line(String)
    /// Something that went wrong while the rest went on.
    case problem(String)
    /// A download moved on.
    case progress(DownloadProgress)
    /// A download finished: the episode's reference and its file.
    case downloaded(ref: String, file: String)
}
