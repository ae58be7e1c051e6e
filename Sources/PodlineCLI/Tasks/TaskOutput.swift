import PodcastKit
import Synchronization

/// Where a library task says what it did: printed as it goes in the shell and the REPL (text, or JSON with `--json`),
/// gathered for the reply on the control socket (data only).
final class TaskOutput: Sendable {
    /// True when printing to this process's standard output and error; false when gathering for a reply.
    let printing: Bool
    /// True when the command asked for JSON (always, for a reply).
    let json: Bool
    private let gathered = Mutex<(values: [JSONValue], problems: [String])>(([], []))

    /// Output printed as it comes, as text or JSON.
    static func standard(json: Bool) -> TaskOutput { TaskOutput(printing: true, json: json) }

    /// Output gathered for a control-socket reply.
    static func reply() -> TaskOutput { TaskOutput(printing: false, json: true) }

    private init(printing: Bool, json: Bool) {
        self.printing = printing
        self.json = json
    }

    /// A line for a reader: printed when the command prints text.
    func line(_ text: String) {
        if printing, !json { print(text) }
    }

    /// What a program reads: printed as one line of JSON with `--json`, gathered for a reply.
    func value(_ value: JSONValue) {
        guard printing else { return gathered.withLock { $0.values.append(value) } }
        if json { TerminalOutput.printJSON(value) }
    }

    /// Something that went wrong while the rest went on: one line on standard error, or the reply's message.
    func problem(_ text: String) {
        guard printing else { return gathered.withLock { $0.problems.append(text) } }
        printError(text)
    }

    /// The values gathered for a reply: the one value, or all of them as an array when `list` (or there is not one).
    func data(list: Bool) -> JSONValue {
        gathered.withLock { state in
            state.values.count == 1 && !list ? state.values[0] : .array(state.values)
        }
    }

    /// The problems gathered for a reply.
    var problems: [String] { gathered.withLock { $0.problems } }
}
