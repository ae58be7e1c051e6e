import Foundation
import PodlineApp

/// The characters the line editor reads: the terminal's bytes decoded as UTF-8 (the locale the editor runs in), and, between keys
/// the listener types, keys of the REPL's own for a new status (or a resized terminal) and for Ctrl-C.
final class TerminalKeys {
    /// What one read gives.
    enum Read: Equatable {
        case character(wchar_t)
        case end
    }

    /// The key that redraws the status: a C1 control character, never sent by a terminal in UTF-8 (those typed or
    /// pasted are dropped).
    static let statusKey = "\u{81}"
    /// The key that cancels the line, preceded by Ctrl-E (to the end of the line).
    static let cancelKey = "\u{80}"
    /// The key that says the terminal changed: resized, or the REPL continued after Ctrl-Z.
    static let terminalKey = "\u{82}"

    private let input: Int32
    private let statusFD: Int32
    private var pending: [wchar_t] = []
    private var decoder = TerminalKeyDecoder()
    private var closed = false

    init(input: Int32 = 0, statusFD: Int32) {
        self.input = input
        self.statusFD = statusFD
        TerminalSignals.install()
    }

    /// Stops taking Ctrl-C and resizes as keys.
    func close() {
        closed = true
        TerminalSignals.uninstall()
    }

    /// The next character, waiting for one.
    func next() -> Read {
        if !pending.isEmpty { return .character(pending.removeFirst()) }
        while true {
            var fds = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: TerminalSignals.readFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: statusFD, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 3, -1) < 0 {
                if errno == EINTR { continue }
                return .end
            }
            if fds[1].revents != 0 {
                let signals = TerminalSignals.take()
                if signals.interrupted {
                    decoder = TerminalKeyDecoder()
                    pending = [Self.key(Self.cancelKey)]
                    return .character(0x05)
                }
                if signals.resized { return .character(Self.key(Self.terminalKey)) }
            }
            // Typed keys first: an escape sequence's bytes arrive together and must not be split by a status key.
            if fds[0].revents != 0 {
                guard let character = readTyped() else { return .end }
                if let character { return .character(character) }
                continue
            }
            if fds[2].revents != 0 { return .character(Self.key(Self.statusKey)) }
        }
    }

    /// One character from the terminal: nil at the end of input, .some(nil) when its bytes are not all here yet
    /// (or were not UTF-8, or were a reserved key).
    private func readTyped() -> wchar_t?? {
        var byte: UInt8 = 0
        let count = read(input, &byte, 1)
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return nil }
        guard count == 1, let scalar = decoder.add(byte) else { return .some(nil) }
        return .some(wchar_t(bitPattern: scalar.value))
    }

    static func key(_ text: String) -> wchar_t {
        wchar_t(bitPattern: text.unicodeScalars.first?.value ?? 0)
    }
}

/// Turns the terminal's bytes into characters, one byte at a time: UTF-8, with what is not UTF-8 and the C1 control
/// characters (which the editor reserves for keys of its own) dropped.
public struct TerminalKeyDecoder: Sendable {
    /// The bytes of a character not all read yet.
    private var partial: [UInt8] = []

    public init() {}

    /// The character `byte` completes, if any.
    public mutating func add(_ byte: UInt8) -> Unicode.Scalar? {
        if partial.isEmpty || byte & 0xC0 != 0x80 { partial = [byte] } else { partial.append(byte) }
        guard partial.count >= Self.length(startingWith: partial[0]) else { return nil }
        defer { partial.removeAll() }
        guard let text = String(validating: partial, as: UTF8.self), let scalar = text.unicodeScalars.first,
            text.unicodeScalars.count == 1
        else { return nil }
        return (0x80...0x9F).contains(scalar.value) ? nil : scalar
    }

    /// How many bytes a UTF-8 sequence starting with `lead` takes (1 for a stray continuation byte).
    private static func length(startingWith lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}

/// Ctrl-C, a resized terminal and continuing after a stop, turned by their signal handlers into bytes on a pipe the
/// editor polls while it reads a line. While a command runs the REPL watches the pipe instead (`InterruptibleLine`).
enum TerminalSignals {
    private static let pipeFDs: (read: Int32, write: Int32) = {
        var pair: [Int32] = [-1, -1]
        _ = pipe(&pair)
        _ = fcntl(pair[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(pair[1], F_SETFL, O_NONBLOCK)
        return (pair[0], pair[1])
    }()
    private static let interruptByte: UInt8 = 1
    private static let resizeByte: UInt8 = 2

    static var readFD: Int32 { pipeFDs.read }

    static func install() {
        _ = pipeFDs
        signal(SIGINT, onInterrupt)
        signal(SIGWINCH, onResize)
        signal(SIGCONT, onResize)
    }

    static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGWINCH, SIG_DFL)
        signal(SIGCONT, SIG_DFL)
    }

    /// What arrived since the last call.
    static func take() -> (interrupted: Bool, resized: Bool) {
        var bytes = [UInt8](repeating: 0, count: 64)
        var interrupted = false
        var resized = false
        while true {
            let count = read(pipeFDs.read, &bytes, bytes.count)
            guard count > 0 else { break }
            interrupted = interrupted || bytes[0..<count].contains(interruptByte)
            resized = resized || bytes[0..<count].contains(resizeByte)
        }
        return (interrupted, resized)
    }

    /// Puts a resize taken while a command ran back on the pipe, for the editor's next line.
    static func postResize() {
        onResize(SIGWINCH)
    }

    private static let onInterrupt: @convention(c) (Int32) -> Void = { _ in
        var byte = TerminalSignals.interruptByte
        _ = write(TerminalSignals.pipeFDs.write, &byte, 1)
    }

    private static let onResize: @convention(c) (Int32) -> Void = { _ in
        var byte = TerminalSignals.resizeByte
        _ = write(TerminalSignals.pipeFDs.write, &byte, 1)
    }
}
