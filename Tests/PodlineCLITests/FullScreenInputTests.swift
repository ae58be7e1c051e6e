import TerminalCanvas
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The full-screen view's input: the terminal's bytes decoded into keys, pastes and mouse reports (whole however the
/// reads cut them), the keys' names as config.toml and the keys' help write them, and the key map with `[keys]` over
/// its defaults.
@Suite("full-screen input")
struct FullScreenInputTests {
    /// The events of `bytes` read at once by a new decoder.
    static func decoded(_ bytes: [UInt8], final: Bool = true) -> [TerminalEvent] {
        var decoder = FullScreenInputDecoder()
        return decoder.decode(bytes, final: final)
    }

    /// The events of `text`'s UTF-8 read at once by a new decoder.
    static func decoded(_ text: String) -> [TerminalEvent] {
        decoded(Array(text.utf8))
    }

    /// The events of `reads`, each a read of its own, by one decoder (every read final, as the view reads them).
    static func decoded(reads: [[UInt8]]) -> [TerminalEvent] {
        var decoder = FullScreenInputDecoder()
        return reads.flatMap { decoder.decode($0) }
    }

    /// The events of `bytes` in two reads cut at `cut`, the second final; the first final too when `firstFinal` (as the
    /// view reads: a first read that is a lone escape is then the Escape key, so cuts after the first byte only).
    static func decoded(_ bytes: [UInt8], cutAt cut: Int, firstFinal: Bool) -> [TerminalEvent] {
        var decoder = FullScreenInputDecoder()
        return decoder.decode(Array(bytes[..<cut]), final: firstFinal) + decoder.decode(Array(bytes[cut...]))
    }

    /// The ways two reads can cut `bytes`: every cut with the first read not final, every cut after the first byte with
    /// both reads final.
    static func cuts(of bytes: [UInt8]) -> [(cut: Int, firstFinal: Bool)] {
        var cuts: [(cut: Int, firstFinal: Bool)] = []
        for cut in 1..<bytes.count {
            cuts.append((cut, false))
            if cut > 1 { cuts.append((cut, true)) }
        }
        return cuts
    }

    /// Key events for `keys`, in order.
    static func keys(_ keys: KeyPress...) -> [TerminalEvent] {
        keys.map { .key($0) }
    }

    // MARK: Text and control keys

    @Test("ASCII and UTF-8 text arrive as characters: é, 日 and 🎧 one each")
    func text() {
        #expect(Self.decoded("aZ9 ~") == Self.keys(.character("a"), .character("Z"), .character("9"), .character(" "), .character("~")))
        #expect(Self.decoded("é日🎧") == Self.keys(.character("é"), .character("日"), .character("🎧")))
        #expect(Self.decoded("x日y") == Self.keys(.character("x"), .character("日"), .character("y")))
    }

    @Test("a UTF-8 character cut between two reads arrives whole, at every cut", arguments: ["é", "日", "🎧"])
    func characterAcrossReads(character: String) {
        let bytes = Array(character.utf8)
        for cut in 1..<bytes.count {
            var decoder = FullScreenInputDecoder()
            let first = decoder.decode(Array(bytes[..<cut]))
            #expect(first.isEmpty, "cut at \(cut)")
            let second = decoder.decode(Array(bytes[cut...]) + Array("k".utf8))
            #expect(second == Self.keys(.character(Character(character)), .character("k")), "cut at \(cut)")
        }
    }

    @Test("control bytes: Ctrl with a letter, Enter (CR and LF), Backspace (DEL and BS), Tab, Ctrl-Space")
    func controlBytes() {
        #expect(Self.decoded([0x01]) == Self.keys(.control("a")))
        #expect(Self.decoded([0x04, 0x15, 0x1A]) == Self.keys(.control("d"), .control("u"), .control("z")))
        #expect(Self.decoded([0x0D]) == Self.keys(.enter))
        #expect(Self.decoded([0x0A]) == Self.keys(.enter))
        #expect(Self.decoded([0x7F]) == Self.keys(.backspace))
        #expect(Self.decoded([0x08]) == Self.keys(.backspace))
        #expect(Self.decoded([0x09]) == Self.keys(.tab))
        #expect(Self.decoded([0x00]) == Self.keys(.character(" ")))
        #expect(Self.decoded("a\rb") == Self.keys(.character("a"), .enter, .character("b")))
    }

    @Test("every byte below space but Escape is a key whose name reads back as that key (one config.toml can give)")
    func controlBytesHaveNames() {
        for byte in UInt8(0x00)...UInt8(0x1F) where byte != 0x1B {
            let events = Self.decoded([byte])
            #expect(events.count == 1, "byte \(byte)")
            guard case .key(let key)? = events.first else {
                Issue.record("byte \(byte): \(events)")
                continue
            }
            #expect(KeyPress(name: key.name) == key, "byte \(byte) gave \(key), named \(key.name)")
        }
    }

    // MARK: Escape sequences

    @Test("arrows in their CSI and SS3 forms")
    func arrows() {
        #expect(Self.decoded("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == Self.keys(.up, .down, .right, .left))
        #expect(Self.decoded("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == Self.keys(.up, .down, .right, .left))
        #expect(Self.decoded("j\u{1B}[Bk") == Self.keys(.character("j"), .down, .character("k")))
    }

    @Test(
        "Home, End, Page Up, Page Down, Delete and Shift-Tab in the forms terminals send",
        arguments: [
            ("\u{1B}[H", .home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
            ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
            ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab),
        ] as [(String, KeyPress)])
    func editingKeys(sequence: String, key: KeyPress) {
        #expect(Self.decoded(sequence) == Self.keys(key))
        #expect(Self.decoded(sequence + "x") == Self.keys(key, .character("x")))
    }

    @Test("a key with modifiers (ESC [ 1 ; 5 A) is the key itself")
    func modifiers() {
        #expect(Self.decoded("\u{1B}[1;5A") == Self.keys(.up))
        #expect(Self.decoded("\u{1B}[1;2B") == Self.keys(.down))
        #expect(Self.decoded("\u{1B}[1;3C\u{1B}[1;6D") == Self.keys(.right, .left))
        #expect(Self.decoded("\u{1B}[3;5~") == Self.keys(.delete))
        #expect(Self.decoded("\u{1B}[5;3~") == Self.keys(.pageUp))
    }

    @Test("an escape alone at the end of a read is the Escape key; with more to come it waits")
    func loneEscape() {
        #expect(Self.decoded([0x1B], final: true) == Self.keys(.escape))
        var decoder = FullScreenInputDecoder()
        #expect(decoder.decode([0x1B], final: false).isEmpty)
        #expect(decoder.decode([], final: true) == Self.keys(.escape))
        // Two escapes typed: two keys.
        #expect(Self.decoded([0x1B, 0x1B]) == Self.keys(.escape, .escape))
        // Escape then a letter: the letter still arrives.
        #expect(Self.decoded("\u{1B}x").last == .key(.character("x")))
    }

    @Test("ESC [ cut at the end of a read waits for the rest and completes on the next read")
    func sequenceAcrossReads() {
        var waiting = FullScreenInputDecoder()
        #expect(waiting.decode(Array("\u{1B}[".utf8), final: false).isEmpty)
        #expect(waiting.decode(Array("A".utf8)) == Self.keys(.up))

        // As the view reads (every read final): a cut CSI still waits.
        #expect(Self.decoded(reads: [Array("j\u{1B}[".utf8), Array("1;5Bk".utf8)]) == Self.keys(.character("j"), .down, .character("k")))
        #expect(Self.decoded(reads: [Array("\u{1B}[5".utf8), Array("~".utf8)]) == Self.keys(.pageUp))
        #expect(Self.decoded(reads: [Array("\u{1B}O".utf8), Array("D".utf8)]) == Self.keys(.left))
        var ss3 = FullScreenInputDecoder()
        #expect(ss3.decode(Array("\u{1B}O".utf8), final: false).isEmpty)
        #expect(ss3.decode(Array("C".utf8)) == Self.keys(.right))
    }

    // MARK: Bracketed paste

    static let pasteStart = "\u{1B}[200~"
    static let pasteEnd = "\u{1B}[201~"

    @Test("a bracketed paste is one event, its newlines kept, with the keys around it in their places")
    func paste() {
        let text = "line one\nline two\r\nthree 日本 🎧"
        #expect(Self.decoded(Self.pasteStart + text + Self.pasteEnd) == [.paste(text)])
        #expect(
            Self.decoded("a" + Self.pasteStart + "q:j" + Self.pasteEnd + "b")
                == [.key(.character("a")), .paste("q:j"), .key(.character("b"))])
        #expect(Self.decoded(Self.pasteStart + Self.pasteEnd) == [.paste("")])
    }

    @Test("a paste arrives whole wherever two reads cut it, the end marker included")
    func pasteAcrossReads() {
        let text = "first\nsecond 日本\n"
        let bytes = Array((Self.pasteStart + text + Self.pasteEnd + "x").utf8)
        let expected: [TerminalEvent] = [.paste(text), .key(.character("x"))]
        for (cut, firstFinal) in Self.cuts(of: bytes) {
            let events = Self.decoded(bytes, cutAt: cut, firstFinal: firstFinal)
            #expect(events == expected, "cut at \(cut), first read final: \(firstFinal)")
        }
        // The end marker over three reads.
        let marker = Array(Self.pasteEnd.utf8)
        let reads = [Array((Self.pasteStart + "abc").utf8), Array(marker[..<2]), Array(marker[2..<4]), Array(marker[4...])]
        #expect(Self.decoded(reads: reads) == [.paste("abc")])
    }

    @Test("a paste holding escape bytes keeps them: only the end marker ends it")
    func pasteWithEscapes() {
        let inner = "a\u{1B}[Ab\u{1B}\u{1B}[20c\u{1B}[201d"
        #expect(Self.decoded(Self.pasteStart + inner + Self.pasteEnd + "j") == [.paste(inner), .key(.character("j"))])
        let bytes = Array((Self.pasteStart + inner + Self.pasteEnd).utf8)
        for (cut, firstFinal) in Self.cuts(of: bytes) {
            #expect(Self.decoded(bytes, cutAt: cut, firstFinal: firstFinal) == [.paste(inner)], "cut at \(cut), final: \(firstFinal)")
        }
    }

    // MARK: Mouse

    @Test("SGR mouse reports: press, release, wheel and drag, at 0-based cells")
    func mouse() {
        #expect(Self.decoded("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(kind: .press(button: 0), row: 4, column: 9))])
        #expect(Self.decoded("\u{1B}[<0;10;5m") == [.mouse(MouseEvent(kind: .release(button: 0), row: 4, column: 9))])
        #expect(Self.decoded("\u{1B}[<2;1;1M") == [.mouse(MouseEvent(kind: .press(button: 2), row: 0, column: 0))])
        #expect(Self.decoded("\u{1B}[<64;3;2M") == [.mouse(MouseEvent(kind: .wheelUp, row: 1, column: 2))])
        #expect(Self.decoded("\u{1B}[<65;3;2M") == [.mouse(MouseEvent(kind: .wheelDown, row: 1, column: 2))])
        #expect(Self.decoded("\u{1B}[<32;120;40M") == [.mouse(MouseEvent(kind: .drag(button: 0), row: 39, column: 119))])
        #expect(
            Self.decoded("j\u{1B}[<0;2;3Mk")
                == [.key(.character("j")), .mouse(MouseEvent(kind: .press(button: 0), row: 2, column: 1)), .key(.character("k"))])
    }

    @Test("a mouse report cut between reads arrives whole")
    func mouseAcrossReads() {
        let bytes = Array("\u{1B}[<0;100;25M".utf8)
        let expected: [TerminalEvent] = [.mouse(MouseEvent(kind: .press(button: 0), row: 24, column: 99))]
        for (cut, firstFinal) in Self.cuts(of: bytes) {
            #expect(Self.decoded(bytes, cutAt: cut, firstFinal: firstFinal) == expected, "cut at \(cut), final: \(firstFinal)")
        }
    }

    // MARK: Robustness

    @Test("a byte that is not UTF-8 is no key of its own making: the escape sequence and Enter after it still arrive")
    func strayBytes() {
        let events = Self.decoded([0xC3] + Array("\u{1B}[A".utf8) + [0xE6, 0x0D])
        #expect(events.contains(.key(.up)), "\(events)")
        #expect(events.contains(.key(.enter)), "\(events)")
        for case .key(.character(let character)) in events {
            #expect(!character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(events)")
        }
    }

    /// Pieces random input is made of: whole and partial sequences, text, control bytes and bytes that are not UTF-8.
    static let inputPieces: [[UInt8]] = {
        let text: [String] = [
            "\u{1B}", "\u{1B}[", "\u{1B}O", "\u{1B}[A", "\u{1B}OB", "\u{1B}[1;5C", "\u{1B}[5~", "\u{1B}[3", "~", ";", "<", "[",
            "\u{1B}[<0;10;5M", "\u{1B}[<64;1;1M", "\u{1B}[<0;", "5m", "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[20", "1~", "j", "q",
            "é", "日", "🎧", "\r", "\n", "\t", "\u{7F}", "\u{1}", "0", "9",
        ]
        let bytes: [[UInt8]] = [[0xE6], [0x97, 0xA5], [0xF0, 0x9F], [0xFF], [0xC3], [0x80], [0x00], [0x1C]]
        return text.map { Array($0.utf8) } + bytes
    }()

    @Test("1,000 random byte strings: no crash, the same events read at once or in two reads, mouse cells on screen")
    func randomInput() {
        var random = SeededGenerator(seed: 0x0F0F_5EED_1234_ABCD)
        var kindsSeen: Set<String> = []
        for round in 0..<1000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...16, using: &random) {
                if Bool.random(using: &random) {
                    bytes += Self.inputPieces.randomElement(using: &random)!
                } else {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                }
            }
            var atOnce = FullScreenInputDecoder()
            let whole = atOnce.decode(bytes)
            let cut = Int.random(in: 0...bytes.count, using: &random)
            var inTwo = FullScreenInputDecoder()
            let split = inTwo.decode(Array(bytes[..<cut]), final: false) + inTwo.decode(Array(bytes[cut...]))
            #expect(split == whole, "round \(round), cut at \(cut): \(bytes)")
            for event in whole {
                switch event {
                case .key(let key):
                    kindsSeen.insert("key")
                    if case .character(let character) = key { #expect(!String(character).isEmpty) }
                case .paste:
                    kindsSeen.insert("paste")
                case .mouse(let mouse):
                    kindsSeen.insert("mouse")
                    #expect(mouse.row >= 0 && mouse.column >= 0, "round \(round): \(mouse)")
                }
            }
        }
        #expect(kindsSeen == ["key", "paste", "mouse"])
    }

    // MARK: Key names

    /// Every key a name can stand for: the named keys, space, printable ASCII, some wider characters, Ctrl with each
    /// letter.
    static let everyKey: [KeyPress] = {
        var keys: [KeyPress] = [
            .enter, .tab, .backTab, .backspace, .escape, .delete, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
            .character(" "),
        ]
        for byte in UInt8(0x21)...UInt8(0x7E) { keys.append(.character(Character(Unicode.Scalar(byte)))) }
        for character: Character in ["é", "ß", "日", "🎧"] { keys.append(.character(character)) }
        for letter in "abcdefghijklmnopqrstuvwxyz" { keys.append(.control(letter)) }
        return keys
    }()

    @Test("every key's name reads back as the key, and no two keys share a name")
    func namesRoundTrip() {
        for key in Self.everyKey {
            #expect(KeyPress(name: key.name) == key, "\(key) is named \(key.name)")
        }
        #expect(Set(Self.everyKey.map(\.name)).count == Self.everyKey.count)
        for action in KeyAction.allCases {
            for key in action.defaultKeys {
                #expect(KeyPress(name: key.name) == key, "\(action): \(key.name)")
            }
        }
    }

    @Test("names: words in any case, C- with a letter in either case; anything else is no key")
    func names() {
        #expect(KeyPress(name: "space") == .character(" "))
        #expect(KeyPress(name: "PgDn") == .pageDown)
        #expect(KeyPress(name: "ENTER") == .enter)
        #expect(KeyPress(name: "C-n") == .control("n"))
        #expect(KeyPress(name: "C-N") == .control("n"))
        #expect(KeyPress(name: "G") == .character("G"))
        #expect(KeyPress.control("w").name == "C-w")
        #expect(KeyPress.pageUp.name == "pgup" && KeyPress.backTab.name == "backtab")
        for bad in ["", " ", "ctrl-q", "C-1", "C-", "qq", "page_up", "\t"] {
            #expect(KeyPress(name: bad) == nil, "\(bad.debugDescription)")
        }
    }

    // MARK: Key map

    @Test("the default keys: each action's keys do it (j and ↓ next row, q quit, space pause, Enter play)")
    func defaultKeyMap() {
        let keys = KeyMap()
        #expect(keys.action(for: .character("j")) == .down)
        #expect(keys.action(for: .down) == .down)
        #expect(keys.action(for: .character("q")) == .quit)
        #expect(keys.action(for: .character(" ")) == .toggle)
        #expect(keys.action(for: .enter) == .play)
        #expect(keys.action(for: .control("d")) == .pageDown)
        #expect(keys.action(for: .character("Q")) == nil)
        #expect(keys.keys(of: .down) == [.down, .character("j")])
        for action in KeyAction.allCases {
            #expect(!action.defaultKeys.isEmpty, "\(action)")
            for key in action.defaultKeys {
                #expect(keys.action(for: key) == action, "\(key.name) should \(action)")
            }
        }
    }

    @Test("an override moves a key: quit = Q makes Q quit and q do nothing; down = q takes q from quit")
    func overrides() {
        let capital = KeyMap(overrides: ["quit": "Q"])
        #expect(capital.action(for: .character("Q")) == .quit)
        #expect(capital.action(for: .character("q")) == nil)
        #expect(capital.keys(of: .quit) == [.character("Q")])
        #expect(capital.action(for: .character("j")) == .down)

        let taken = KeyMap(overrides: ["down": "q"])
        #expect(taken.action(for: .character("q")) == .down)
        #expect(taken.keys(of: .quit).isEmpty)
        #expect(taken.keys(of: .down) == [.character("q")])

        // A key taken from an action with two keeps that action's other key.
        let stop = KeyMap(overrides: ["stop": "j", "page_down": "C-f"])
        #expect(stop.action(for: .character("j")) == .stop)
        #expect(stop.keys(of: .down) == [.down])
        #expect(stop.action(for: .control("f")) == .pageDown)
        #expect(stop.action(for: .control("d")) == nil)
        #expect(stop.action(for: .character("x")) == nil)
    }

    @Test("overrides with an unknown action or a key that is no key are left out")
    func invalidOverrides() {
        let defaults = KeyMap()
        #expect(KeyMap(overrides: ["fly": "x"]).actions == defaults.actions)
        #expect(KeyMap(overrides: ["quit": "ctrl-q"]).actions == defaults.actions)
        #expect(KeyMap(overrides: ["down": ""]).actions == defaults.actions)
        let mixed = KeyMap(overrides: ["fly": "x", "quit": "C-q", "up": "C-1"])
        #expect(mixed.action(for: .control("q")) == .quit)
        #expect(mixed.action(for: .character("q")) == nil)
        #expect(mixed.action(for: .character("x")) == .stop)
        #expect(mixed.keys(of: .up) == [.character("k"), .up])
    }
}
