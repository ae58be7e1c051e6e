import CLazyLibraries
import Cedit
import Foundation

/// Lines typed at a terminal through libedit: history, Tab completion, Ctrl-C cancelling the line, and a
/// status line above the prompt redrawn in place, without disturbing what is being typed.
final class EditLineSource: LineSource, @unchecked Sendable {
    private let historyPath: String
    private let status: SharedStatus
    private let interruptReadFD: Int32
    private var shownStatus = ""
    private var lastHistory = ""

    /// Whether libedit can be loaded; without it the REPL reads plain lines.
    static var libraryLoads: Bool { podline_library_load(PODLINE_LIBRARY_EDIT, nil, 0) == 0 }

    init(status: SharedStatus, completer: Completer, historyPath: String = HistoryFile.path()) {
        self.status = status
        self.historyPath = historyPath
        var pair: [Int32] = [-1, -1]
        _ = pipe(&pair)
        interruptReadFD = pair[0]
        _ = fcntl(pair[0], F_SETFL, O_NONBLOCK)
        EditorCallbacks.interruptWriteFD = pair[1]
        EditorCallbacks.completer = completer
        podline_rl_set_catch_signals(0)
        podline_rl_set_completion(EditorCallbacks.complete)
        stifle_history(HistoryFile.limit)
        _ = read_history(historyPath)
        signal(SIGINT, EditorCallbacks.interrupt)
    }

    func next(prompt: String) -> String? {
        let current = status.take()
        showStatus(current.line)
        var prompt = Self.prompt(for: current.state)
        EditorCallbacks.result = .pending
        rl_callback_handler_install(prompt, EditorCallbacks.lineHandler)
        defer { rl_callback_handler_remove() }
        while true {
            var fds = [
                pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                pollfd(fd: status.readFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: interruptReadFD, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 3, -1) < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if fds[2].revents != 0 {
                drain(interruptReadFD)
                rl_replace_line("", 0)
                write("^C\r\n")
                rl_callback_handler_remove()
                showStatus(status.take().line)
                rl_callback_handler_install(prompt, EditorCallbacks.lineHandler)
                continue
            }
            if fds[1].revents != 0 {
                let latest = status.take()
                if latest.line != shownStatus || Self.prompt(for: latest.state) != prompt {
                    prompt = Self.prompt(for: latest.state)
                    redraw(latest.line, prompt: prompt)
                }
            }
            if fds[0].revents != 0 {
                rl_callback_read_char()
                switch EditorCallbacks.result {
                case .pending: continue
                case .line(let line): return line
                case .endOfInput:
                    write("\r\n")
                    return nil
                }
            }
        }
    }

    func record(_ line: String, failed: Bool) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed != lastHistory else { return }
        lastHistory = trimmed
        add_history(trimmed)
        _ = write_history(historyPath)
    }

    func close() {
        _ = write_history(historyPath)
        signal(SIGINT, SIG_DFL)
    }

    /// `podline [playing]> `.
    static func prompt(for state: String) -> String {
        "podline [\(state)]> "
    }

    /// Prints the status (a line, and the cue's under it when shown) above where the prompt will go.
    private func showStatus(_ text: String) {
        write(statusLines(text))
    }

    /// Replaces the status above the prompt and redraws the prompt with what was typed.
    private func redraw(_ text: String, prompt: String) {
        write(LinesInPlace.replace(shownLines, cursorOnLast: false) + statusLines(text))
        _ = rl_set_prompt(prompt)
        rl_forced_update_display()
    }

    /// The status's lines fitted to the terminal, each ended, the first painted; remembers what is shown.
    private func statusLines(_ text: String) -> String {
        shownStatus = text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            TerminalText.fit(String($0), columns: Self.columns() - 1)
        }
        shownLines = lines.count
        return lines.enumerated().map { $0.offset == 0 ? Self.painted($0.element) : $0.element }.joined(separator: "\r\n") + "\r\n"
    }

    /// How many lines the status shown last took.
    private var shownLines = 1

    /// The status line with its play-state symbol coloured (green playing, yellow paused), when colour is allowed.
    static func painted(_ line: String) -> String {
        guard let symbol = line.first, TerminalStyle.enabled(for: 1) else { return line }
        let color: TerminalStyle.Color? = symbol == "▶" ? .green : symbol == "⏸" ? .yellow : symbol == "■" ? .dim : nil
        guard let color else { return line }
        return TerminalStyle.paint(String(symbol), color, enabled: true) + line.dropFirst()
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    private func drain(_ fd: Int32) {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(fd, &scratch, scratch.count) > 0 {}
    }

    /// The terminal's width, 80 when unknown.
    private static func columns() -> Int {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
