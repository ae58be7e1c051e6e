import CLazyLibraries
import Cedit
import Foundation
import PodcastKit
import PodlineApp

/// Lines typed at a terminal through libedit's own interface (wide characters in the locale, `el_wgets`): history, Tab
/// completion, Ctrl-C cancelling the line, and a status line above the prompt redrawn in place, without disturbing
/// what is being typed.
///
/// Every character libedit reads comes from `TerminalKeys`, which also turns a status change and Ctrl-C into keys of
/// their own, bound to this editor's actions: libedit stays in charge of its line buffer from start to end of a line.
final class EditLineSource: LineSource {
    private let historyPath: String
    private let status: SharedStatus
    private let completer: Completer
    private let keys: TerminalKeys
    private var editor: UnsafeMutableRawPointer?
    private var history: UnsafeMutableRawPointer?
    private var shownStatus = ""
    private var prompt = ""
    private var lastHistory = ""
    /// Set by Ctrl-C: the line libedit returns next is thrown away.
    private var cancelled = false
    /// How many lines the status shown last took.
    private var shownLines = 1

    /// Whether libedit can be loaded; without it the REPL reads plain lines.
    static var libraryLoads: Bool { podline_library_load(PODLINE_LIBRARY_EDIT, nil, 0) == 0 }

    init(status: SharedStatus, completer: Completer, historyPath: String = HistoryFile.path()) {
        self.status = status
        self.completer = completer
        self.historyPath = historyPath
        TerminalLocale.useUTF8()
        keys = TerminalKeys(statusFD: status.readFD)
        editor = podline_edit_open("podline", EditorActions.readCharacter, Unmanaged.passUnretained(self).toOpaque())
        history = podline_history_open(HistoryFile.limit)
        if let editor {
            _ = podline_edit_bind(editor, "podline-complete", "\t", EditorActions.complete)
            _ = podline_edit_bind(editor, "podline-status", TerminalKeys.statusKey, EditorActions.redrawStatus)
            _ = podline_edit_bind(editor, "podline-cancel", TerminalKeys.cancelKey, EditorActions.cancel)
            _ = podline_edit_bind(editor, "podline-terminal", TerminalKeys.terminalKey, EditorActions.terminalChanged)
            if let history {
                _ = podline_history_load(history, historyPath)
                podline_edit_use_history(editor, history)
            }
        }
    }

    /// The source that owns `editor`, from libedit's client data.
    static func owner(of editor: UnsafeMutableRawPointer?) -> EditLineSource? {
        guard let editor, let client = podline_edit_client(editor) else { return nil }
        return Unmanaged<EditLineSource>.fromOpaque(client).takeUnretainedValue()
    }

    func next(prompt _: String) -> String? {
        guard let editor else { return nil }
        while true {
            let current = status.take()
            showStatus(current.line)
            setPrompt(Self.prompt(for: current.state))
            cancelled = false
            var count: Int32 = 0
            let line = podline_el_wgets(OpaquePointer(editor), &count)
            // Before the end of input is looked for: Ctrl-C on an empty line ends it with nothing in it.
            if cancelled {
                write("\r\n")
                continue
            }
            guard let line, count > 0 else {
                write("\r\n")
                return nil
            }
            var text = WideText.string(line, count: Int(count))
            if text.hasSuffix("\n") { text.removeLast() }
            return text
        }
    }

    /// Ctrl-C comes on `TerminalSignals`' pipe.
    var interruptFD: Int32? { TerminalSignals.readFD }

    func record(_ line: String, failed: Bool) {
        // A private feed's password typed in a URL is never written to the history file.
        let trimmed = FeedCredential.redacted(line.trimmingCharacters(in: .whitespaces))
        guard !trimmed.isEmpty, trimmed != lastHistory, let history else { return }
        lastHistory = trimmed
        _ = podline_history_add(history, trimmed)
        _ = podline_history_save(history, historyPath)
    }

    func close() {
        if let history { _ = podline_history_save(history, historyPath) }
        podline_edit_close(editor, history)
        editor = nil
        history = nil
        keys.close()
    }

    /// `podline [playing]> `.
    static func prompt(for state: String) -> String {
        "podline [\(state)]> "
    }

    /// The next character for libedit.
    func readCharacter() -> TerminalKeys.Read { keys.next() }

    // MARK: - Actions bound to keys

    /// Ctrl-C: the line ends, to be thrown away; what was typed stays on the screen, followed by ^C.
    func cancelLine() {
        cancelled = true
        write("^C")
    }

    /// Replaces the status above the prompt and redraws the prompt with what was typed, the cursor where it was; only
    /// when something changed, unless `always`.
    func redrawStatus(always: Bool = false) {
        let latest = status.take()
        let newPrompt = Self.prompt(for: latest.state)
        guard always || latest.line != shownStatus || newPrompt != prompt, let editor else { return }
        let (cursorRow, _) = rows()
        write("\r" + (cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : "") + LinesInPlace.replace(shownLines, cursorOnLast: false))
        write(statusLines(latest.line))
        setPrompt(newPrompt)
        podline_edit_refresh(editor)
    }

    /// Tab: completes the word before the cursor; when several candidates share nothing more, lists them below.
    func complete() -> UInt8 {
        guard let editor, let info = podline_el_wline(OpaquePointer(editor))?.pointee else { return UInt8(CC_ERROR) }
        let typed = WideText.string(info.buffer, count: info.buffer.distance(to: info.cursor))
        let (before, word) = Self.split(typed)
        switch completer.candidates(before: before, word: word) {
        case .files:
            return insertCompletion(of: word, from: FileCompletion.candidates(for: word), editor: editor)
        case .words(let words):
            return insertCompletion(of: word, from: words, editor: editor)
        }
    }

    /// Adds what all `candidates` share past `word`; lists them when that is nothing and there are several.
    private func insertCompletion(of word: String, from candidates: [String], editor: UnsafeMutableRawPointer) -> UInt8 {
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let shared = Self.commonPrefix(candidates)
        var addition = shared.count > word.count ? String(shared.dropFirst(word.count)) : ""
        if candidates.count == 1 {
            // A show slug completes to `slug/` and a folder to `folder/`: what follows comes without a space.
            if !shared.hasSuffix("/") { addition += " " }
        }
        if !addition.isEmpty {
            _ = WideText.withWide(addition) { podline_el_winsertstr(OpaquePointer(editor), $0) }
            return UInt8(CC_REFRESH)
        }
        listBelow(candidates, editor: editor)
        return UInt8(CC_NORM)
    }

    /// Prints `candidates` in columns under the line, then the status and the prompt again.
    private func listBelow(_ candidates: [String], editor: UnsafeMutableRawPointer) {
        let (cursorRow, lastRow) = rows()
        let columns = Self.columns()
        let names = candidates.map(Self.shownName)
        let width = (names.map(TerminalText.width).max() ?? 0) + 2
        let perLine = max(1, columns / max(1, width))
        var text = (lastRow > cursorRow ? "\u{1B}[\(lastRow - cursorRow)B" : "") + "\r\n"
        for start in stride(from: 0, to: names.count, by: perLine) {
            let row = names[start..<min(names.count, start + perLine)]
            text += row.map { $0 + String(repeating: " ", count: max(0, width - TerminalText.width($0))) }.joined()
            text += "\r\n"
        }
        write(text + statusLines(status.take().line))
        podline_edit_refresh(editor)
    }

    // MARK: - Drawing

    /// The rows, counted from the prompt's, of the cursor and of the line's end, as the terminal wraps them.
    private func rows() -> (cursor: Int, last: Int) {
        guard let editor, let info = podline_el_wline(OpaquePointer(editor))?.pointee else { return (0, 0) }
        let columns = max(1, Self.columns())
        let promptWidth = TerminalText.width(prompt)
        let beforeCursor = WideText.string(info.buffer, count: info.buffer.distance(to: info.cursor))
        let whole = WideText.string(info.buffer, count: info.buffer.distance(to: info.lastchar))
        return ((promptWidth + TerminalText.width(beforeCursor)) / columns, (promptWidth + TerminalText.width(whole)) / columns)
    }

    private func setPrompt(_ text: String) {
        prompt = text
        podline_edit_set_prompt(text)
    }

    /// Prints the status (a line, and the cue's under it when shown) above where the prompt will go.
    private func showStatus(_ text: String) {
        write(statusLines(text))
    }

    /// The status's lines fitted to the terminal, each ended, the first painted; remembers what is shown.
    private func statusLines(_ text: String) -> String {
        shownStatus = text
        let columns = Self.columns() - 1
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            TerminalText.pad(
                $0.offset == 0
                    ? StatusLine.fitted(String($0.element), columns: columns) : TerminalText.clip(String($0.element), columns: columns),
                columns: columns)
        }
        shownLines = lines.count
        return lines.enumerated().map { $0.offset == 0 ? Self.painted($0.element) : $0.element }.joined(separator: "\r\n") + "\r\n"
    }

    /// The status line with its play-state symbol coloured (green playing, yellow paused), when colour is allowed.
    static func painted(_ line: String) -> String {
        guard let symbol = line.first, TerminalStyle.enabled(for: 1) else { return line }
        let color: TerminalStyle.Color? = symbol == "▶" ? .green : symbol == "⏸" ? .yellow : symbol == "■" ? .dim : nil
        guard let color else { return line }
        return TerminalStyle.paint(String(symbol), color, enabled: true) + line.dropFirst()
    }

    private func write(_ text: String) {
        TerminalOutput.write(text)
    }

    /// The text in front of the word being completed, and that word (after the last unquoted space).
    static func split(_ typed: String) -> (before: String, word: String) {
        guard let space = typed.lastIndex(where: { $0 == " " || $0 == "\t" }) else { return ("", typed) }
        return (String(typed[...space]), String(typed[typed.index(after: space)...]))
    }

    /// How a candidate is listed: a path by its last part (a folder's with its slash), other words whole.
    static func shownName(_ candidate: String) -> String {
        let folder = candidate.hasSuffix("/")
        let trimmed = folder ? String(candidate.dropLast()) : candidate
        guard let last = trimmed.split(separator: "/").last, trimmed.contains("/") else { return candidate }
        return String(last) + (folder ? "/" : "")
    }

    /// The longest start all `words` share, by characters.
    static func commonPrefix(_ words: [String]) -> String {
        guard var shared = words.first else { return "" }
        for word in words.dropFirst() {
            shared = String(zip(shared, word).prefix { $0 == $1 }.map(\.0))
        }
        return shared
    }

    /// The terminal's width, 80 when unknown.
    static func columns() -> Int {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
