import Foundation
import PodlineApp

/// Where REPL lines come from: a pipe or a line editor, used on the reading thread alone (`LineReaderThread`).
protocol LineSource {
    /// The next line, without its newline; nil at end of input.
    func next(prompt: String) -> String?
    /// Notes a line that was run (for history).
    func record(_ line: String, failed: Bool)
    /// Saves what must be kept (history) and releases the terminal.
    func close()
    /// Where Ctrl-C arrives while no line is read (a command runs), as `TerminalSignals` writes it; nil when Ctrl-C is
    /// left to its default action.
    var interruptFD: Int32? { get }
}

extension LineSource {
    var interruptFD: Int32? { nil }
}

/// Lines from a non-terminal standard input: no prompt, one command per line.
struct PipeLineSource: LineSource {
    func next(prompt: String) -> String? {
        Swift.readLine(strippingNewline: true)
    }

    func record(_ line: String, failed: Bool) {}

    func close() {}
}
