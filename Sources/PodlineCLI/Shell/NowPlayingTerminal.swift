import DataFlow
import Dispatch
import Foundation
import PodcastKit
import PodlineApp
import Synchronization

/// The now-playing line of `podline play` and `podline demo` on a terminal, as mpv and mpg123 show one: the same
/// DataFlow view as the REPL's status line, redrawn in place, with keys that run commands of the table.
///
/// Keys: space pause/resume, ← → back/skip, , . previous/next chapter, + − volume, [ ] speed, n next, t the
/// transcript's cue under the line, b a bookmark where it is, q quit (the position is saved).
@MainActor
final class NowPlayingTerminal {
    /// What each key runs.
    static let keys: [String: PlayerCommand] = [
        " ": .toggle, "\u{1B}[D": .back, "\u{1B}[C": .skip, "+": .volume(.by(5)), "=": .volume(.by(5)), "-": .volume(.by(-5)),
        "[": .speed(.by(-0.1)), "]": .speed(.by(0.1)), "n": .next, ",": .chapter(.previous), ".": .chapter(.next), "t": .cue(nil),
    ]

    private var host: ViewHost<StatusLineView>?
    private var input: DispatchSourceRead?
    private let dispatcher: CommandDispatcher
    private let quit: @MainActor () -> Void
    private var pending: [UInt8] = []
    private var message: String?

    /// Starts drawing `player` on standard output and reading keys from standard input (when it is a terminal).
    init(player: Player, dispatcher: CommandDispatcher, quit: @escaping @MainActor () -> Void) {
        self.dispatcher = dispatcher
        self.quit = quit
        let host = ViewHost(StatusLineView(player: player) { [weak self] line, _ in self?.draw(line) })
        host.updatesAutomatically = true
        self.host = host
        if isatty(0) == 1, RawTerminal.enable() {
            let source = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
            source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readKeys() } }
            source.resume()
            input = source
        }
    }

    /// Whether the line is drawn: on a terminal, unless `--quiet`.
    static func wanted(quiet: Bool) -> Bool {
        !quiet && isatty(1) == 1
    }

    /// Ends the line (the cursor moves below it) and gives the terminal back.
    func stop() {
        input?.cancel()
        input = nil
        host?.updatesAutomatically = false
        host = nil
        RawTerminal.restore()
    }

    /// Gives the terminal back before the process is stopped (Ctrl-Z): the shell's prompt comes under the line.
    func letGoOfTerminal() {
        guard input != nil else { return }
        RawTerminal.restore()
        drawnLines = 1
    }

    /// Takes the terminal again after `fg`, and draws the line anew.
    func takeTerminalBack() {
        guard input != nil, RawTerminal.enable() else { return }
        if let lastText { draw(lastText) }
    }

    /// What was drawn last.
    private var lastText: String?

    private func draw(_ text: String) {
        lastText = text
        let width = TerminalSize.columns(of: 1)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] = StatusLine.fitted(lines[0] + (message.map { "  " + $0 } ?? ""), columns: width - 1)
        lines = lines.map { TerminalText.clip($0, columns: max(1, width - 1)) }
        TerminalOutput.write(LinesInPlace.replace(drawnLines, cursorOnLast: true) + lines.joined(separator: "\r\n"))
        drawnLines = lines.count
    }

    /// How many lines the last draw wrote (the cursor is at the end of the last).
    private var drawnLines = 1

    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(0, &buffer, buffer.count)
        guard count > 0 else {
            input?.cancel()
            input = nil
            return
        }
        pending += buffer[0..<count]
        while !pending.isEmpty {
            if pending[0] == UInt8(ascii: "q") {
                pending.removeAll()
                quit()
                return
            }
            let length = pending[0] == 0x1B ? min(3, pending.count) : 1
            let key = String(decoding: pending.prefix(length), as: UTF8.self)
            pending.removeFirst(length)
            if key == "b" {
                bookmark()
                continue
            }
            guard let command = Self.keys[key] else { continue }
            do {
                _ = try dispatcher.run(command)
                message = nil
            } catch {
                message = error.message
            }
        }
    }
}

extension NowPlayingTerminal {
    /// Keeps a bookmark of what plays where it is, and says its number on the line.
    fileprivate func bookmark() {
        let output = TaskOutput.reply()
        do {
            _ = try dispatcher.tasks(output).bookmark([])
            guard case .object(let fields) = output.data(list: false) else { return }
            func number(_ name: String) -> Double? {
                switch fields.first(where: { $0.0 == name })?.1 {
                case .int(let value)?: Double(value)
                case .double(let value)?: value
                default: nil
                }
            }
            if let id = number("id"), let position = number("position") {
                message = "\(Bookmark.prefix)\(Int(id)) at \(ClockText.of(position))"
            }
        } catch let error as CommandError {
            message = error.message
        } catch {
            message = "\(error)"
        }
    }
}

/// Standard input without line buffering or echo while the now-playing line reads keys; restored on every way out.
enum RawTerminal {
    /// The settings to put back, while single keys are on.
    private static let saved = Mutex<termios?>(nil)

    /// Switches standard input to single keys; false when it cannot.
    static func enable() -> Bool {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return false }
        saved.withLock { $0 = settings }
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSANOW, &settings) == 0 else { return false }
        atexit { RawTerminal.restore() }
        return true
    }

    /// Puts standard input back as it was, and leaves the now-playing line (so that a shell's prompt comes under it, on
    /// Ctrl-C too).
    static func restore() {
        guard
            var settings = saved.withLock({ saved in
                defer { saved = nil }
                return saved
            })
        else { return }
        _ = tcsetattr(0, TCSANOW, &settings)
        TerminalOutput.write("\n")
    }
}
