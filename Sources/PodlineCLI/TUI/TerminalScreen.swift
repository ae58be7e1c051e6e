import CLazyLibraries
import Foundation
import PodlineApp
import TerminalCanvas

/// The terminal the full-screen view owns while it runs: raw mode, the alternate screen, no cursor, bracketed paste and
/// SGR mouse reports, all undone exactly on leaving (and by the C guard on exit or a crash signal). Frames are written
/// to it whole, one `write(2)` each.
@MainActor
final class TerminalScreen {
    /// Where keys are read from.
    let input: Int32
    /// Where frames go: the terminal itself, kept apart from standard output (which the view takes for messages).
    let output: Int32
    private(set) var isActive = false
    /// The frame on the screen now; nil when the screen's content is unknown (the first frame, after a suspend).
    private var shown: CellBuffer?
    /// Bytes written since the start.
    private(set) var bytesWritten = 0

    static let enterBytes = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[H\u{1B}[2J"
    static let leaveBytes = "\u{1B}[0m\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Takes the terminal: raw mode and the view's modes.
    func enter() throws(CommandError) {
        // Started in the background (or by a shell that ignores them), taking the terminal stops the view until it is
        // brought to the foreground, as it should, instead of drawing over the shell.
        signal(SIGTTOU, SIG_DFL)
        signal(SIGTTIN, SIG_DFL)
        guard podline_terminal_guard(output, Self.leaveBytes) == 0, podline_terminal_raw(input) == 0 else {
            throw CommandError(.failed, "tui: cannot take the terminal: \(String(cString: strerror(errno)))")
        }
        write(Array(Self.enterBytes.utf8))
        isActive = true
        shown = nil
    }

    /// Gives the terminal back as it was.
    func leave() {
        guard isActive else { return }
        isActive = false
        podline_terminal_restore()
    }

    /// Gives the terminal back and stops the process (Ctrl-Z), after a line saying `note`; takes it again and redraws
    /// all when continued (`fg`).
    func suspend(saying note: String? = nil) {
        leave()
        // On the terminal itself: while the view runs, standard error is its message line's.
        if let note { write(Array("podline: \(note)\n".utf8)) }
        signal(SIGTSTP, SIG_DFL)
        kill(0, SIGTSTP)
        // Continued.
        podline_terminal_rearm()
        _ = podline_terminal_raw(input)
        write(Array(Self.enterBytes.utf8))
        isActive = true
        shown = nil
    }

    /// The terminal's size: columns by rows.
    func size() -> CellSize {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return CellSize(width: 80, height: 24)
        }
        return CellSize(width: Int(size.ws_col), height: Int(size.ws_row))
    }

    /// Shows `frame`: the bytes from the frame on screen to it, in one write; returns how many. With `changed`, only
    /// cells there (and the cell each side, where a wide character may have been cut) are compared.
    @discardableResult
    func show(_ frame: CellBuffer, changed: [CellRect]? = nil) -> Int {
        guard isActive else { return 0 }
        if changed?.isEmpty == true, shown?.rows == frame.rows, shown?.columns == frame.columns { return 0 }
        let regions = changed.map { rects in
            rects.map { CellRect(x: $0.x - 1, y: $0.y, width: $0.width + 2, height: $0.height) }
        }
        if regions == nil, let shown, shown == frame { return 0 }
        let bytes = FrameWriter.bytes(from: shown, to: frame, regions: regions)
        if bytes != FrameWriter.unchanged { write(bytes) }
        // What changed is copied into the screen's own frame: holding the one drawn would have the next copied whole.
        if let regions, shown?.rows == frame.rows, shown?.columns == frame.columns {
            shown?.copy(regions, from: frame)
        } else {
            shown = frame
        }
        return bytes.count
    }

    /// Forgets what is on the screen: the next frame is drawn whole (a terminal that may have lost it).
    func invalidate() {
        shown = nil
    }

    private func write(_ bytes: [UInt8]) {
        bytesWritten += bytes.count
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
