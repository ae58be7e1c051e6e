import Foundation
import TestSupport
import Testing

/// The REPL's line editor and the full-screen view under seeded random input, each on a pseudo-terminal of its own.
///
/// The input: printable text, UTF-8 (accents, CJK, emoji, combining marks) sometimes cut inside a character, control
/// keys, escape sequences whole, broken and split between two reads, mouse reports, pastes of up to 10,000 characters,
/// and window resizes from 20×5 to 250×80, while an episode plays; 15 s each in the default suite, 10 minutes when the
/// long runs are asked for. Neither program may crash, stop or hang: it stays alive, keeps reading its keys, answers a
/// probe every few seconds within 5 s, and quits with status 0 at the end. A failure names the seed
/// (`PODLINE_FAULT_SEED` repeats the run), the last steps and the last output.
@Suite(
    "the REPL and the full-screen view fuzzed through a real terminal", .serialized,
    .enabled(if: CommandRunner.which("ffmpeg") != nil, "needs ffmpeg"))
struct SoakTerminalFuzzTests {
    @Test("the REPL's line editor takes random keys, pastes and resizes while it plays: no crash, no hang, quit exits 0")
    func replLineEditor() async throws {
        let folder = try FullScreenTests.library(sound: nil)
        let outcome = try await Self.fuzz(.repl, folder: folder)
        #expect(outcome.problems.isEmpty, "\(outcome.report)")
    }

    @Test("the full-screen view takes random keys, clicks, pastes and resizes while it plays: no crash, no hang, quit exits 0")
    func fullScreenView() async throws {
        let folder = try FullScreenTests.library(sound: nil)
        // Quit, the command line and the bookmark line on keys the fuzz never sends: it may press every other key, Enter too.
        try Fixtures.writeConfig("output = \"null\"\n\n[keys]\nquit = \"C-^\"\ncommand = \"C-]\"\nbookmark = \"C-_\"\n", home: folder)
        let outcome = try await Self.fuzz(.fullScreen, folder: folder)
        #expect(outcome.problems.isEmpty, "\(outcome.report)")
    }

    /// Fuzzes `target` over the library in `folder` on a thread of its own, and prints what the run did.
    private static func fuzz(_ target: FuzzTarget, folder: URL) async throws -> FuzzOutcome {
        let environment = Self.environment(folder)
        let random = SeededGenerator()
        let seconds = LongRun.seconds(short: 15, full: 600)
        let outcome = try await onOwnThread {
            try TerminalFuzz(target, environment: environment, random: random).run(for: seconds)
        }
        print(outcome.summary)
        return outcome
    }

    /// An xterm's environment for podline with its places in `folder` and no sound device.
    static func environment(_ folder: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        // COLUMNS and LINES would hide resizes; LC_ALL would override LANG.
        for name in ["COLUMNS", "LINES", "LC_ALL", "TMUX", "NO_COLOR"] { environment[name] = nil }
        environment.merge(FullScreenTests.environment(folder)) { $1 }
        environment.merge(PodlineBinary.silentMachine(home: folder).compactMapValues { $0 }) { $1 }
        environment["TERM"] = "xterm-256color"
        return environment
    }
}

/// Which program the fuzz drives.
private enum FuzzTarget: Sendable {
    case repl, fullScreen

    var name: String { self == .repl ? "the REPL" : "the full-screen view" }

    var arguments: [String] { self == .repl ? [] : ["tui"] }

    /// The control bytes never sent: each ends, stops or silences the program, or runs a line of random words.
    var excludedControls: Set<UInt8> {
        switch self {
        // Ctrl-D ends the input at an empty line, Ctrl-J and Ctrl-M would run what was typed, Ctrl-S stops the terminal's
        // output (libedit keeps IXON), Ctrl-Z suspends, Ctrl-\ is SIGQUIT (libedit keeps ISIG), whose default ends it.
        case .repl: [0x04, 0x0A, 0x0D, 0x13, 0x1A, 0x1C]
        // Ctrl-C quits and Ctrl-Z suspends whatever the view shows; Ctrl-], Ctrl-^ and Ctrl-_ are the command line, quit
        // and the bookmark line in the test's config.toml. Raw mode passes Ctrl-S and Ctrl-\ on as keys.
        case .fullScreen: [0x03, 0x1A, 0x1D, 0x1E, 0x1F]
        }
    }

    /// The control keys the fuzz presses (escape comes in sequences of its own).
    var controls: [UInt8] {
        (Array(UInt8(0)...0x1F) + [0x7F]).filter { $0 != 0x1B && !excludedControls.contains($0) }
    }
}

/// What one run sent and saw.
private struct FuzzOutcome: Sendable {
    var target: String
    var seed: String
    var problems: [String] = []
    var seconds = 0.0
    var bytesSent = 0
    var keys = 0
    var pastes = 0
    var pastedCharacters = 0
    var resizes = 0
    var probes = 0
    var slowestProbe = 0.0
    var slowestRead = 0.0
    var slowestReadStep = ""

    var summary: String {
        let parts = [
            "\(target) fuzzed for \(Int(seconds)) s: \(bytesSent) bytes sent", "\(keys) keys",
            "\(pastes) pastes (\(pastedCharacters) characters)", "\(resizes) resizes",
            "\(probes) probes answered (slowest \(String(format: "%.2f", slowestProbe)) s)",
            "slowest step to be read \(String(format: "%.2f", slowestRead)) s (\(slowestReadStep))", seed,
        ]
        return parts.joined(separator: ", ")
    }

    var report: String { (problems + [summary]).joined(separator: "\n") }
}

/// One thing the fuzz does.
private enum Step {
    /// Bytes written at once: `keys` key presses.
    case keys([UInt8], keys: Int, label: String)
    /// Bytes written in two writes a moment apart: a character or an escape sequence cut between two reads.
    case cut([UInt8], at: Int, label: String)
    /// A paste of `characters` characters.
    case paste([UInt8], characters: Int, label: String)
    /// The window resized to each size in turn.
    case resize([(columns: Int, rows: Int)])
    /// Nothing for a while.
    case pause(Double)
}

/// Seeded random input for a program on a terminal, and the checks that it neither crashed nor hung.
private final class TerminalFuzz {
    private let target: FuzzTarget
    private let controls: [UInt8]
    private let terminal: PseudoTerminalChild
    private var random: SeededGenerator
    private var outcome: FuzzOutcome
    private let began = Date()
    /// The last steps, for a failure's message.
    private var recent: [String] = []
    /// The sizes the window was given since the last probe, which the next probe's size avoids.
    private var sizesSinceProbe: Set<Int> = []

    init(_ target: FuzzTarget, environment: [String: String], random: SeededGenerator) throws {
        self.target = target
        self.random = random
        controls = target.controls
        outcome = FuzzOutcome(target: target.name, seed: random.description)
        terminal = try PseudoTerminalChild(
            PodlineBinary.path, target.arguments, environment: environment, columns: 100, rows: 30,
            keepsVisibleText: target == .fullScreen)
    }

    /// Fuzzes for `seconds`, then probes once more and quits; what happened.
    func run(for seconds: Double) -> FuzzOutcome {
        fuzz(for: seconds)
        terminal.stop()
        outcome.seconds = Date().timeIntervalSince(began)
        return outcome
    }

    private func fuzz(for seconds: Double) {
        guard startPlaying(for: seconds) else { return }
        let end = Date().addingTimeInterval(seconds)
        var nextProbe = Date().addingTimeInterval(random.seconds(in: 2...4))
        while Date() < end {
            guard perform(nextStep()), alive() else { return }
            terminal.idle(random.seconds(in: 0...0.003))
            if Date() >= nextProbe {
                guard probe() else { return }
                nextProbe = Date().addingTimeInterval(random.seconds(in: 2...4))
            }
        }
        guard probe() else { return }
        if target == .repl { quitLine() } else { quitView() }
    }

    /// Waits for the first prompt or frame, then starts an episode: what the program shows keeps changing under the keys.
    private func startPlaying(for seconds: Double) -> Bool {
        switch target {
        case .repl:
            guard terminal.waitFor([[Array("]> ".utf8)]], seconds: 30) else {
                fail("showed no prompt within 30 s")
                return false
            }
            // Three-minute episodes, enough of them to play all along.
            let episodes = (1...min(40, Int(seconds / 180) + 2)).map { "mixed-tongues/\($0)" }
            terminal.mark()
            guard send(Array("play \(episodes.joined(separator: " "))\r".utf8)) else { return false }
            guard terminal.waitFor([[Array("[playing]> ".utf8)]], seconds: 20) else {
                fail("did not start playing within 20 s")
                return false
            }
        case .fullScreen:
            guard terminal.waitFor([[Array("Podline".utf8)]], visible: true, seconds: 30) else {
                fail("drew no first frame within 30 s")
                return false
            }
            // The episodes' list, and Enter on its first row.
            guard send(Array("l\r".utf8)), settle() else { return false }
        }
        terminal.mark()
        return true
    }

    // MARK: Steps

    private func nextStep() -> Step {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<26: typedText()
        case 26..<36: wideText()
        case 36..<41: cutCharacter()
        case 41..<44: malformedUTF8()
        case 44..<61: controlKeys()
        case 61..<77: keySequence()
        case 77..<84: brokenSequence()
        case 84..<88: mouseReport()
        case 88..<91: altKey()
        case 91..<94: paste()
        case 94..<97: resize()
        default: .pause(random.seconds(in: 0.05...0.4))
        }
    }

    /// Does `step`, then waits for the program to read what it sent; false (a problem noted) when it did not.
    private func perform(_ step: Step) -> Bool {
        switch step {
        case .keys(let bytes, let keys, let label):
            note(label)
            outcome.keys += keys
            guard send(bytes) else { return false }
        case .cut(let bytes, let at, let label):
            note(label)
            outcome.keys += 1
            guard send(Array(bytes[..<at])) else { return false }
            terminal.idle(random.seconds(in: 0.001...0.03))
            guard send(Array(bytes[at...])) else { return false }
        case .paste(let bytes, let characters, let label):
            note(label)
            outcome.pastes += 1
            outcome.pastedCharacters += characters
            guard send(bytes) else { return false }
        case .resize(let sizes):
            note("resize to " + sizes.map { "\($0.columns)×\($0.rows)" }.joined(separator: ", "))
            for (index, size) in sizes.enumerated() {
                if index > 0 { terminal.idle(random.seconds(in: 0...0.005)) }
                resize(columns: size.columns, rows: size.rows)
            }
        case .pause(let seconds):
            terminal.idle(seconds)
        }
        return settle()
    }

    private func typedText() -> Step {
        let count = Int.random(in: 1...12, using: &random)
        let bytes = (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
        return .keys(bytes, keys: count, label: "typed " + String(decoding: bytes, as: UTF8.self).debugDescription)
    }

    private func wideText() -> Step {
        let count = Int.random(in: 1...6, using: &random)
        let text = (0..<count).map { _ in wideCharacter() }.joined()
        return .keys(Array(text.utf8), keys: count, label: "typed " + text.debugDescription)
    }

    /// A character of several bytes cut: broken off (the rest never comes) or split between two writes.
    private func cutCharacter() -> Step {
        var bytes: [UInt8] = []
        while bytes.count < 2 { bytes = Array(wideCharacter().utf8) }
        let at = Int.random(in: 1..<bytes.count, using: &random)
        if Bool.random(using: &random) {
            return .keys(Array(bytes[..<at]), keys: 1, label: "\(at) of the \(bytes.count) bytes of \(Self.shown(bytes))")
        }
        return .cut(bytes, at: at, label: "\(Self.shown(bytes)) split after byte \(at)")
    }

    private func malformedUTF8() -> Step {
        let bytes =
            Bool.random(using: &random)
            ? Self.malformed.randomElement(using: &random)!
            : (0..<Int.random(in: 1...4, using: &random)).map { _ in UInt8.random(in: 0x80...0xFF, using: &random) }
        return .keys(bytes, keys: 1, label: "bytes that are not UTF-8 \(Self.shown(bytes))")
    }

    private func controlKeys() -> Step {
        let count = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...6, using: &random) : 1
        let bytes = (0..<count).map { _ in controls.randomElement(using: &random)! }
        let names = bytes.map { "C-" + String(Character(Unicode.Scalar($0 ^ 0x40))) }
        return .keys(bytes, keys: count, label: names.joined(separator: " "))
    }

    private func keySequence() -> Step {
        let key = Self.keySequences.randomElement(using: &random)!
        let times = Int.random(in: 0..<5, using: &random) == 0 ? Int.random(in: 2...20, using: &random) : 1
        return .keys(Array(String(repeating: key, count: times).utf8), keys: times, label: "\(times) × \(Self.shown(key.utf8))")
    }

    private func brokenSequence() -> Step {
        let key = Array(Self.keySequences.randomElement(using: &random)!.utf8)
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1:
            let bytes = Array(key[..<Int.random(in: 1..<key.count, using: &random)])
            return .keys(bytes, keys: 1, label: "a sequence broken off: \(Self.shown(bytes))")
        case 2:
            let at = Int.random(in: 1..<key.count, using: &random)
            return .cut(key, at: at, label: "\(Self.shown(key)) split after byte \(at)")
        case 3:
            // Parameters, perhaps an intermediate byte, perhaps no final byte.
            var bytes: [UInt8] = [0x1B, UInt8(ascii: "[")]
            bytes += (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0x30...0x3F, using: &random) }
            if Bool.random(using: &random) { bytes.append(UInt8.random(in: 0x20...0x2F, using: &random)) }
            if Int.random(in: 0..<4, using: &random) > 0 { bytes.append(UInt8.random(in: 0x40...0x7E, using: &random)) }
            return .keys(bytes, keys: 1, label: "a made-up sequence \(Self.shown(bytes))")
        case 4:
            let digits = (0..<Int.random(in: 100...2000, using: &random)).map { _ in UInt8.random(in: 0x30...0x39, using: &random) }
            return .keys([0x1B, UInt8(ascii: "[")] + digits, keys: 1, label: "a sequence of \(digits.count) digits that never ends")
        case 5:
            let bytes = Array(Self.oddSequences.randomElement(using: &random)!.utf8)
            return .keys(bytes, keys: 1, label: Self.shown(bytes))
        case 6:
            // An old-style mouse report: three bytes of any value from the space up.
            let bytes = Array("\u{1B}[M".utf8) + (0..<3).map { _ in UInt8.random(in: 0x20...0xFF, using: &random) }
            return .keys(bytes, keys: 1, label: "an X10 mouse report \(Self.shown(bytes))")
        default:
            // A sequence broken off by the start of the next one.
            let next = Array(Self.keySequences.randomElement(using: &random)!.utf8)
            let bytes = Array(key[..<Int.random(in: 1..<key.count, using: &random)]) + next
            return .keys(bytes, keys: 2, label: "sequences run together: \(Self.shown(bytes))")
        }
    }

    /// An SGR mouse report (press, release, drag, wheel, with modifiers), anywhere, even off the screen; or a double click.
    private func mouseReport() -> Step {
        let column = Int.random(in: 0...260, using: &random)
        let row = Int.random(in: 0...90, using: &random)
        let text: String
        if Int.random(in: 0..<4, using: &random) == 0 {
            text = String(repeating: "\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m", count: 2)
        } else {
            let button = [0, 1, 2, 3, 4, 8, 16, 32, 33, 34, 35, 64, 65, 66, 67, 80].randomElement(using: &random)!
            text = "\u{1B}[<\(button);\(column);\(row)\(Bool.random(using: &random) ? "M" : "m")"
        }
        let bytes = Array(text.utf8)
        return .keys(bytes, keys: 1, label: "mouse \(Self.shown(bytes))")
    }

    private func altKey() -> Step {
        let key = UInt8.random(in: 0x20...0x7E, using: &random)
        return .keys([0x1B, key], keys: 1, label: "Alt-\(Character(Unicode.Scalar(key)))")
    }

    /// Pasted text of 1 to 10,000 characters, mostly bracketed for the view (which asks for it), sometimes for the REPL.
    private func paste() -> Step {
        let roll = Int.random(in: 0..<20, using: &random)
        let characters =
            roll == 0
            ? 10_000
            : Int.random(in: roll < 3 ? 2000...9999 : roll < 8 ? 200...1999 : 1...199, using: &random)
        var text: [UInt8] = []
        text.reserveCapacity(characters * 2)
        for _ in 0..<characters {
            switch Int.random(in: 0..<1000, using: &random) {
            case 0..<780: text.append(UInt8.random(in: 0x20...0x7E, using: &random))
            case 780..<995: text += wideCharacter().utf8
            case 995..<997: text.append(0x09)
            default:
                // The REPL's pastes hold no line ends, which would run what came before them.
                let ends: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A]]
                text += target == .fullScreen ? ends.randomElement(using: &random)! : [0x20]
            }
        }
        let bracketed = Int.random(in: 0..<10, using: &random) < (target == .fullScreen ? 9 : 3)
        guard bracketed else { return .paste(text, characters: characters, label: "\(characters) characters pasted raw") }
        let open = Int.random(in: 0..<20, using: &random) == 0
        let bytes = Array("\u{1B}[200~".utf8) + text + (open ? [] : Array("\u{1B}[201~".utf8))
        return .paste(bytes, characters: characters, label: "\(characters) characters pasted\(open ? ", the paste left open" : "")")
    }

    private func resize() -> Step {
        let count = Int.random(in: 0..<5, using: &random) == 0 ? Int.random(in: 2...5, using: &random) : 1
        return .resize(
            (0..<count).map { _ in
                (columns: Int.random(in: 20...250, using: &random), rows: Int.random(in: 5...80, using: &random))
            })
    }

    /// A character of more than one byte: accented, CJK, emoji, combining marks, or any scalar past ASCII.
    private func wideCharacter() -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: String(Self.accented.randomElement(using: &random)!)
        case 3..<6: String(Self.ideographs.randomElement(using: &random)!)
        case 6..<8: Self.emoji.randomElement(using: &random)!
        case 8: Self.combining.randomElement(using: &random)!
        default: String(Character(randomScalar()))
        }
    }

    /// A scalar past ASCII: a C1 control (the REPL keeps those for keys of its own), the rest of the BMP, the other planes.
    private func randomScalar() -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [0x80...0x9F, 0xA0...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF]
        while true {
            let range = ranges.randomElement(using: &random)!
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { return scalar }
        }
    }

    private static let accented = Array("éèêëàâçñøüößåæœÉÀÇÑØÜÅıİğşžł")
    private static let ideographs = Array("日本語中文字한국어話東京漢字のテストカタカナ")
    private static let emoji = ["🎧", "🎙️", "👍🏽", "👩‍💻", "🇫🇷", "❤️", "🏳️‍🌈", "🤷‍♀️", "😀", "🦊"]
    private static let combining = ["e\u{301}", "a\u{308}\u{304}", "n\u{303}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{20DD}"]
    private static let malformed: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0xC2], [0xE2, 0x82], [0xF0, 0x9F, 0x8E],
    ]
    /// Keys as terminals send them: arrows, Home, End, Insert, Delete, pages, function keys, with modifiers, back-tab, focus.
    private static let keySequences = [
        "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}OA", "\u{1B}OB", "\u{1B}OC", "\u{1B}OD",
        "\u{1B}[H", "\u{1B}[F", "\u{1B}OH", "\u{1B}OF", "\u{1B}[1~", "\u{1B}[4~", "\u{1B}[7~", "\u{1B}[8~",
        "\u{1B}[2~", "\u{1B}[3~", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[Z", "\u{1B}OP", "\u{1B}OQ", "\u{1B}OR", "\u{1B}OS",
        "\u{1B}[15~", "\u{1B}[17~", "\u{1B}[18~", "\u{1B}[19~", "\u{1B}[20~", "\u{1B}[21~", "\u{1B}[23~", "\u{1B}[24~",
        "\u{1B}[1;5C", "\u{1B}[1;5D", "\u{1B}[1;2A", "\u{1B}[1;3B", "\u{1B}[1;6H", "\u{1B}[3;5~", "\u{1B}[5;2~",
        "\u{1B}[I", "\u{1B}[O",
    ]
    /// Escapes no key sends: a lone escape, two at once, paste markers alone, strings, reports, a mouse report cut short.
    private static let oddSequences = [
        "\u{1B}", "\u{1B}\u{1B}", "\u{1B}\u{1B}[A", "\u{1B}[[A", "\u{1B}[200~", "\u{1B}[201~", "\u{1B}]0;title\u{07}",
        "\u{1B}]52;c;aGVsbG8=\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}[?1;2c", "\u{1B}[12;40R", "\u{1B}[<0;5",
        "\u{1B}[<64;300;200M", "\u{1B}O", "\u{1B}[", "\u{1B}[1;", "\u{1B}N", "\u{1B}c", "\u{1B}[?2004h",
    ]

    // MARK: Probes

    /// Asks what only a program still reading and answering its keys answers; false (a problem noted) without an answer.
    private func probe() -> Bool {
        guard settle() else { return false }
        let began = Date()
        guard target == .repl ? probeLine() : probeView() else { return false }
        outcome.probes += 1
        outcome.slowestProbe = max(outcome.slowestProbe, Date().timeIntervalSince(began))
        sizesSinceProbe = []
        terminal.mark()
        return true
    }

    /// `status` on a cleared line: its answer and the next prompt.
    private func probeLine() -> Bool {
        // Escape ends libedit's own `M-x` line, which random keys reach; Ctrl-E and Ctrl-U clear the line.
        terminal.mark()
        note("probe: status")
        let sent = Date()
        guard send(Array("\u{1B}\u{05}\u{15}status\r".utf8)) else { return false }
        let answers = ["\r\nplaying: ", "\r\npaused: ", "\r\nstopped"].map { Array($0.utf8) }
        return answered([answers, [Array("]> ".utf8)]], visible: false, since: sent, what: "no answer to `status`")
    }

    /// A resize below 40×10, where the view names the size it has; then Ctrl-L, which draws the whole frame again.
    private func probeView() -> Bool {
        // A size the window has not had since the last probe: one drawn already may come late but never looks like an answer.
        var size = (columns: 0, rows: 0)
        repeat {
            size = (Int.random(in: 20...39, using: &random), Int.random(in: 5...9, using: &random))
        } while sizesSinceProbe.contains(size.columns * 1000 + size.rows)
            || (size.columns == terminal.columns && size.rows == terminal.rows)
        terminal.mark()
        note("probe: resize to \(size.columns)×\(size.rows)")
        let resized = Date()
        resize(columns: size.columns, rows: size.rows)
        let sentence = [[Array("\(size.columns)×\(size.rows);".utf8)]]
        guard answered(sentence, visible: true, since: resized, what: "no frame at \(size.columns)×\(size.rows)") else {
            return false
        }
        // After the end of a paste, should one be open.
        terminal.mark()
        note("probe: Ctrl-L")
        let pressed = Date()
        guard send(Array("\u{1B}[201~\u{0C}".utf8)) else { return false }
        let frame = [[Array("\u{1B}[2J".utf8)], [Array("\u{1B}[?2026l".utf8)]]
        return answered(frame, visible: false, since: pressed, what: "no whole frame after Ctrl-L")
    }

    /// Waits 5 s for `stages`; when they do not come, 30 s more to tell a slow answer from none, and notes the problem.
    private func answered(_ stages: [[[UInt8]]], visible: Bool, since start: Date, what: String) -> Bool {
        if terminal.waitFor(stages, visible: visible, seconds: 5) { return true }
        guard alive() else { return false }
        if terminal.waitFor(stages, visible: visible, seconds: 30) {
            fail("gave \(what) within 5 s: it came after \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
        } else {
            fail("gave \(what) within 35 s")
        }
        return false
    }

    // MARK: Quitting

    /// Escape, Ctrl-E and Ctrl-U, then `quit`: the REPL ends with status 0.
    private func quitLine() {
        terminal.mark()
        note("quit")
        _ = terminal.send(Array("\u{1B}\u{05}\u{15}quit\r".utf8))
        expectExit(after: "quit", within: 15)
    }

    /// The quit key: the view ends with status 0 and leaves the alternate screen.
    private func quitView() {
        // The end of a paste should one be open, Escape twice (out of the keys' help, the filter, the output panel), then
        // the quit key, each in a read of its own.
        for _ in 1...3 {
            terminal.mark()
            note("quit")
            for keys in ["\u{1B}[201~", "\u{1B}", "\u{1B}", "\u{1E}"] {
                _ = terminal.send(Array(keys.utf8))
                terminal.idle(0.15)
            }
            if terminal.waitForEnd(seconds: 5) != nil { break }
        }
        guard expectExit(after: "its quit key", within: 5) else { return }
        if !terminal.waitFor([[Array("\u{1B}[?1049l".utf8)]], seconds: 0) {
            fail("did not leave the alternate screen on quitting")
        }
    }

    @discardableResult
    private func expectExit(after what: String, within seconds: Double) -> Bool {
        guard let status = terminal.waitForEnd(seconds: seconds) else {
            fail("did not end within \(Int(seconds)) s of \(what)")
            return false
        }
        guard status == 0 else {
            fail("\(PseudoTerminalChild.describe(status)) on \(what)")
            return false
        }
        return true
    }

    // MARK: Checks

    /// Sends `bytes`, counting them; false (a problem noted) when the program stopped reading or ended.
    private func send(_ bytes: [UInt8]) -> Bool {
        outcome.bytesSent += bytes.count
        return check(terminal.send(bytes))
    }

    /// Waits for the program to read everything sent, keeping the slowest wait; false (a problem noted) when it did not.
    private func settle() -> Bool {
        let started = Date()
        guard check(terminal.waitUntilRead()) else { return false }
        let took = Date().timeIntervalSince(started)
        if took > outcome.slowestRead {
            outcome.slowestRead = took
            outcome.slowestReadStep = recent.last ?? ""
        }
        return true
    }

    private func check(_ reading: Reading) -> Bool {
        switch reading {
        case .done: return true
        case .ended: return alive()
        case .stalled(let unread):
            fail("read none of its last \(unread) bytes of input for \(Int(PseudoTerminalChild.stallSeconds)) s")
        case .slow(let unread):
            fail("still had \(unread) bytes of input to read after \(Int(PseudoTerminalChild.slowSeconds)) s")
        case .failed(let error):
            fail("could not be sent its keys: \(error)")
        }
        return false
    }

    /// True while the program runs; once it has ended, the problem is noted.
    private func alive() -> Bool {
        guard let status = terminal.ended() else { return true }
        fail(PseudoTerminalChild.describe(status))
        return false
    }

    private func resize(columns: Int, rows: Int) {
        terminal.resize(columns: columns, rows: rows)
        sizesSinceProbe.insert(columns * 1000 + rows)
        outcome.resizes += 1
    }

    private func note(_ step: String) {
        recent.append(step)
        if recent.count > 40 { recent.removeFirst(recent.count - 20) }
    }

    private func fail(_ what: String) {
        let seconds = String(format: "%.1f", Date().timeIntervalSince(began))
        outcome.problems.append(
            [
                "\(target.name) \(what), \(seconds) s into the run; \(outcome.seed)",
                "the process: \(terminal.processState())",
                "its terminal: \(terminal.columns)×\(terminal.rows)",
                "the last steps: " + recent.suffix(15).joined(separator: " | "),
                "the last output: " + String(decoding: terminal.tail.suffix(400), as: UTF8.self).debugDescription,
            ].joined(separator: "\n"))
    }

    /// `bytes` for a message: printable ASCII as it is, escape as \e, other bytes in hex; at most 40 of them.
    static func shown(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        for byte in bytes.prefix(40) {
            switch byte {
            case 0x1B: text += "\\e"
            case 0x20...0x7E: text.append(Character(Unicode.Scalar(byte)))
            default: text += String(format: "\\x%02X", byte)
            }
        }
        return bytes.count > 40 ? text + "… (\(bytes.count) bytes)" : text
    }
}

/// How waiting for the program to read its input ended.
private enum Reading: Equatable {
    case done
    /// The program ended.
    case ended
    /// It read none of its pending input for a while (`unread` bytes were left).
    case stalled(unread: Int)
    /// It kept reading, but had not read everything within the time allowed.
    case slow(unread: Int)
    /// Writing to the terminal failed.
    case failed(String)
}

/// A program on a pseudo-terminal that is its session's controlling terminal, as under a terminal emulator.
///
/// Ctrl-C and resizes reach it as signals; the test holds the master side, and a descriptor of the program's side through
/// which it counts the input not read yet.
private final class PseudoTerminalChild {
    /// How long the program may leave its input unread before it counts as hung.
    static let stallSeconds = 5.0
    /// How long it may take to read what one step sent, however steadily it reads.
    static let slowSeconds = 60.0
    /// At most this much is written ahead of the program's reading, so that the kernel's count of what is unread is whole.
    private static let writeChunk = 1024

    let pid: pid_t
    private(set) var columns: Int
    private(set) var rows: Int
    /// Everything read since `mark()`.
    private(set) var window: [UInt8] = []
    /// The last bytes read, for a failure's message.
    private(set) var tail: [UInt8] = []
    private let master: Int32
    /// The test's own descriptor of the program's side, for counting the unread input.
    private let slave: Int32
    private let keepsVisibleText: Bool
    private var visible = VisibleText()
    private var waitStatus: Int32?
    private var closed = false
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)

    /// Starts `program` on a new terminal of `columns` by `rows`, keeping what it draws as text too with `keepsVisibleText`.
    init(
        _ program: String, _ arguments: [String], environment: [String: String], columns: Int, rows: Int,
        keepsVisibleText: Bool
    ) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var name = [CChar](repeating: 0, count: 4096)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, &name, nil, &size) == 0 else {
            throw TestSupportError("openpty failed: \(String(cString: strerror(errno)))")
        }
        for descriptor in [master, slave] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        guard let path = name.withUnsafeBufferPointer({ strdup($0.baseAddress!) }) else { throw TestSupportError("strdup failed") }
        defer { free(path) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid and without O_NOCTTY, the pty becomes the program's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        for descriptor in PseudoTerminalChild.inheritedDescriptors() { posix_spawn_file_actions_addclose(&actions, descriptor) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGCONT, SIGPIPE, SIGHUP, SIGTERM, SIGCHLD] {
            sigaddset(&defaults, number)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // POSIX_SPAWN_SETSID is 0x80 in glibc (C sees its name only with _GNU_SOURCE).
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master)
            close(slave)
            throw TestSupportError("cannot start \(program): \(String(cString: strerror(status)))")
        }
        self.master = master
        self.slave = slave
        pid = child
        self.columns = columns
        self.rows = rows
        self.keepsVisibleText = keepsVisibleText
    }

    deinit {
        stop()
    }

    /// The descriptors from 3 to a little past this process's highest: another test's pipe among them would wait for the program.
    private static func inheritedDescriptors() -> [Int32] {
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        return Array(3...max(3, (open.max() ?? 3) + 64))
    }

    /// Bytes written to the terminal that the program has not read yet.
    var unread: Int {
        var count: Int32 = 0
        return ioctl(slave, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }

    /// Writes `bytes` as keys a kilobyte ahead of the program's reading, reading its output meanwhile so it never blocks.
    func send(_ bytes: [UInt8]) -> Reading {
        var offset = 0
        while offset < bytes.count {
            let reading = waitUntilRead(leaving: Self.writeChunk)
            guard reading == .done else { return reading }
            let end = min(bytes.count, offset + Self.writeChunk)
            let blocked = Date()
            while offset < end {
                let count = bytes[offset..<end].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                let error = errno
                if count > 0 {
                    offset += count
                    continue
                }
                if count < 0, error != EAGAIN, error != EINTR { return .failed(String(cString: strerror(error))) }
                if ended() != nil { return .ended }
                if Date().timeIntervalSince(blocked) > Self.stallSeconds { return .stalled(unread: unread) }
                pump(seconds: 0.01)
            }
        }
        return .done
    }

    /// Reads the output until the program has read all but `limit` bytes of its input.
    func waitUntilRead(leaving limit: Int = 0) -> Reading {
        let started = Date()
        var last = unread
        var changed = Date()
        while true {
            if last <= limit {
                // The kernel may not have handed the last bytes written to the program's side yet: a second look.
                pump(seconds: 0.002)
                last = unread
                if last <= limit { return .done }
            }
            if ended() != nil { return .ended }
            if Date().timeIntervalSince(started) > Self.slowSeconds { return .slow(unread: last) }
            if Date().timeIntervalSince(changed) > Self.stallSeconds { return .stalled(unread: last) }
            pump(seconds: 0.005)
            let count = unread
            if count != last {
                last = count
                changed = Date()
            }
        }
    }

    /// Reads what the program wrote, waiting up to `seconds` for something to come.
    func pump(seconds: Double) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(max(0, (seconds * 1000).rounded(.up)))) > 0 else { return }
        while true {
            let count = readBuffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            let bytes = readBuffer[0..<count]
            window += bytes
            tail += bytes
            if tail.count > 8192 { tail.removeFirst(tail.count - 4096) }
            if keepsVisibleText { visible.add(bytes) }
        }
    }

    /// Reads the output for `seconds`.
    func idle(_ seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 { pump(seconds: deadline.timeIntervalSinceNow) }
    }

    /// Forgets what was read so far: `waitFor` looks at what comes after.
    func mark() {
        window.removeAll(keepingCapacity: true)
        visible = VisibleText()
    }

    /// Waits up to `seconds` for a marker of each stage in turn in the output (or its text) since `mark()`; true if all came.
    func waitFor(_ stages: [[[UInt8]]], visible: Bool = false, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var stage = 0
        var from = 0
        while true {
            let text = visible ? self.visible.text : window
            while stage < stages.count {
                let matches = stages[stage].compactMap { marker in Self.find(marker, in: text, from: from).map { $0 + marker.count } }
                guard let end = matches.min() else { break }
                from = end
                stage += 1
            }
            if stage == stages.count { return true }
            // A marker may yet begin where too few bytes are left for it.
            from = max(from, text.count - (stages[stage].map(\.count).max() ?? 1) + 1)
            let left = deadline.timeIntervalSinceNow
            if left <= 0 || ended() != nil { return false }
            pump(seconds: min(left, 0.05))
        }
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count - start >= needle.count else { return nil }
        var index = max(0, start)
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Waits up to `seconds` for the program to end, reading its output; its wait status, nil while it runs.
    func waitForEnd(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while ended() == nil, deadline.timeIntervalSinceNow > 0 { pump(seconds: 0.05) }
        // What it wrote last, the terminal given back among it.
        pump(seconds: 0.05)
        return ended()
    }

    /// Gives the terminal a new size: the kernel sends SIGWINCH to the program.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        self.columns = columns
        self.rows = rows
    }

    /// The program's wait status once it has ended (it is reaped here), nil while it runs.
    func ended() -> Int32? {
        if waitStatus == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { waitStatus = status }
        }
        return waitStatus
    }

    /// How the program is: its state and what it waits in, or how it ended.
    func processState() -> String {
        if let status = ended() { return Self.describe(status) }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
        let channel = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "?"
        return "pid \(pid), state \(state), waiting in \(channel), \(unread) bytes of input unread"
    }

    /// "exited with status N" or "was killed by signal N", from a wait status.
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        guard signal != 0 else { return "exited with status \((status >> 8) & 0xFF)" }
        return "was killed by signal \(signal)\(status & 0x80 != 0 ? " (core dumped)" : "")"
    }

    /// Kills the program if it still runs, reaps it, and closes the terminal.
    func stop() {
        if ended() == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            waitStatus = status
        }
        guard !closed else { return }
        closed = true
        close(master)
        close(slave)
    }
}

/// The text a terminal's output draws, without its CSI sequences and two-byte escapes, taken in as it arrives.
private struct VisibleText {
    private(set) var text: [UInt8] = []
    private var state = State.text

    private enum State {
        case text, escape, sequence
    }

    mutating func add(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes {
            switch state {
            case .text:
                if byte == 0x1B {
                    state = .escape
                } else if byte >= 0x20 {
                    text.append(byte)
                }
            case .escape:
                state = byte == UInt8(ascii: "[") ? .sequence : .text
            case .sequence:
                if (0x40...0x7E).contains(byte) { state = .text }
            }
        }
    }
}
