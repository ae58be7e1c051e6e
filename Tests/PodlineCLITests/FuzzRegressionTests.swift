import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

@Suite("fuzz inputs: command lines and socket lines")
struct FuzzRegressionTests {
    private func command(_ name: String) throws -> String {
        String(decoding: try FuzzInputs.bytes("command", name), as: UTF8.self)
    }

    /// The lines of a socket input, read as the control connection reads them.
    private func socketLines(_ bytes: [UInt8], limit: Int = 1 << 20) -> [LineSplitter.Piece] {
        var splitter = LineSplitter(limit: limit)
        return bytes.withUnsafeBytes { splitter.feed($0) } + splitter.finish()
    }

    private func request(_ name: String) throws -> Result<ControlRequest, ControlReplyError>? {
        guard case .line(let line)? = socketLines(try FuzzInputs.bytes("socket", name)).first else { return nil }
        return ControlRequest.parse(line)
    }

    @Test("the fuzzers' dictionaries hold every command name and flag of the command table")
    func dictionariesFollowTheTable() throws {
        for name in ["command.dict", "socket.dict"] {
            let text = try String(contentsOf: FuzzInputs.root.appendingPathComponent(name), encoding: .utf8)
            let words = Set(
                text.split(separator: "\n").filter { $0.hasPrefix("\"") && $0.hasSuffix("\"") }.map { $0.dropFirst().dropLast() })
            for spec in CommandTable.all {
                for word in [spec.name] + spec.aliases + spec.flags.map({ "--" + $0.name }) {
                    #expect(words.contains(Substring(word)), "\(name) lacks \(word) (of \(spec.name))")
                }
            }
        }
    }

    @Test("every keys seed decodes as the terminal sent it: valid UTF-8 whole, no reserved key, a paste of 4,000 characters")
    func keysReplay() throws {
        let files = FuzzInputs.files("keys")
        #expect(files.count >= 4)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            var decoder = TerminalKeyDecoder()
            let decoded = bytes.compactMap { decoder.add($0) }
            #expect(!decoded.contains { (0x80...0x9F).contains($0.value) }, "\(file.lastPathComponent)")
            if let text = String(validating: bytes, as: UTF8.self) {
                #expect(String(String.UnicodeScalarView(decoded)) == text, "\(file.lastPathComponent)")
            }
        }
        var decoder = TerminalKeyDecoder()
        let broken: [UInt8] = [0xC2, 0x80, 0xE6, 0x97, 0x41, 0xFF, 0xC3, 0xA9]
        #expect(broken.compactMap { decoder.add($0) } == ["A", "é"])
    }

    @Test("every screen seed and finding decodes to the same events however cut into two reads, with no control or broken key")
    func screenReplay() throws {
        let files = FuzzInputs.files("screen")
        #expect(files.count >= 6)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            var whole = FullScreenInputDecoder()
            let events = whole.decode(bytes)
            #expect(!events.isEmpty, "\(file.lastPathComponent)")
            for case .key(.character(let character)) in events {
                #expect(
                    !character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0xFFFD },
                    "\(file.lastPathComponent)")
            }
            for cut in 1..<bytes.count {
                var split = FullScreenInputDecoder()
                let pieces = split.decode(Array(bytes[..<cut]), final: false) + split.decode(Array(bytes[cut...]))
                #expect(pieces == events, "\(file.lastPathComponent) cut after \(cut)")
            }
        }
    }

    @Test("every command seed and finding parses or fails with a message; quoted words read back unchanged")
    func commandsReplay() throws {
        let files = FuzzInputs.files("command")
        #expect(files.count >= 60)
        for file in files {
            let line = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            if let words = try? Tokenizer.words(line) {
                #expect(try Tokenizer.words(words.map(Tokenizer.quote).joined(separator: " ")) == words, "\(file.lastPathComponent)")
            }
            do {
                _ = try CommandParser.parse(line: line)
            } catch {
                #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(file.lastPathComponent)")
            }
        }
    }

    @Test("quoting, escapes and comments in command seeds")
    func quoting() throws {
        #expect(try CommandParser.parse(line: command("blanks-quotes-comment")) == .player(.seek(.by(10))), "blanks, quotes and a comment")
        #expect(try CommandParser.parse(line: command("escaped-sign")) == .player(.seek(.by(10))), "an escaped sign")
        #expect(try Tokenizer.words(command("single-quote-escape")) == ["play", "it's here.mp3"])
        #expect(try Tokenizer.words(command("double-quote-escapes")) == [#"a"b\c$d\e"#])
        #expect(throws: CommandError(.invalidParameter, "unterminated double quote")) {
            try CommandParser.parse(line: command("unterminated-double"))
        }
        #expect(throws: CommandError(.invalidParameter, "trailing backslash")) {
            try CommandParser.parse(line: command("trailing-backslash"))
        }
        #expect(throws: CommandError(.unknownCommand, "unknown command 'sek' (did you mean 'seek'?)")) {
            try CommandParser.parse(line: command("sek-typo"))
        }
    }

    @Test(
        "a combining mark after a quote does not hide the quote, and CR LF separates words (the fuzzer found quoting that did not read back)"
    )
    func scalars() throws {
        let found = String(decoding: try FuzzInputs.bytes("command", "combining-mark-after-quote"), as: UTF8.self)
        #expect(try Tokenizer.words(found) == ["\u{08D4}\u{FFFD}"])
        #expect(try Tokenizer.words(Tokenizer.quote("\u{08D4}\u{FFFD}")) == ["\u{08D4}\u{FFFD}"])
        #expect(try Tokenizer.words("'\u{301}a' x") == ["\u{301}a", "x"])
        #expect(try Tokenizer.words("pause\r\nresume") == ["pause", "resume"])
        let escaped = String(decoding: try FuzzInputs.bytes("command", "combining-mark-on-escaped-quote"), as: UTF8.self)
        #expect(try Tokenizer.words(escaped) == ["'\u{301}"])
        #expect(Tokenizer.quote("'\u{301}") == "''\\''\u{301}'")
        #expect(try Tokenizer.words(Tokenizer.quote("'\u{301}")) == ["'\u{301}"])
    }

    @Test("a TIME whose unit makes it overflow is refused, not turned into an infinite seek")
    func timeOverflow() throws {
        #expect(throws: CommandError(.invalidParameter, "seek: '+1e308m' is not a TIME (90, 90s, 5m, 1:30, 1:02:03)")) {
            try CommandParser.parse(line: command("seek-minutes-overflow"))
        }
        #expect(TimeSpec.seconds("1e300h") == 3.6e303)
        #expect(TimeSpec.seconds("1e308h") == nil)
    }

    @Test("every socket seed and finding is split the same way in any read size and decoded without a crash")
    func socketReplay() throws {
        let files = FuzzInputs.files("socket")
        #expect(files.count >= 20)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            for case .line(let line) in socketLines(bytes) { _ = ControlRequest.parse(line) }
            let whole = socketLines(bytes, limit: 64)
            for step in [1, 3, 7, 16] {
                var splitter = LineSplitter(limit: 64)
                var pieces: [LineSplitter.Piece] = []
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + step, bytes.count)
                    pieces += bytes[offset..<end].withUnsafeBytes { splitter.feed($0) }
                    offset = end
                }
                pieces += splitter.finish()
                #expect(pieces == whole, "\(file.lastPathComponent) in reads of \(step) bytes")
            }
        }
    }

    @Test("mpv envelopes: words from strings and numbers, the request id echoed; bad lines get the fixed error strings")
    func envelopes() throws {
        guard case .success(let seek)? = try request("envelope-seek") else {
            Issue.record("envelope-seek was refused")
            return
        }
        #expect(seek.words == ["seek", "+30"])
        #expect(seek.requestID == .int(7))
        guard case .success(let volume)? = try request("envelope-number-word") else {
            Issue.record("envelope-number-word was refused")
            return
        }
        #expect(volume.words == ["volume", "60"])
        #expect(volume.requestID == .string("abc"))
        guard case .failure(let notUTF8)? = try request("invalid-utf8") else {
            Issue.record("invalid UTF-8 was read")
            return
        }
        #expect(notUTF8.error == "invalid utf-8")
        guard case .failure(let badJSON)? = try request("bad-json") else {
            Issue.record("bad JSON was read")
            return
        }
        #expect(badJSON.error == "invalid json")
        guard case .failure(let notWords)? = try request("envelope-bool-word") else {
            Issue.record("[true] was read as words")
            return
        }
        #expect(notWords.error == "invalid parameter")
        #expect(notWords.requestID == .int(5))
    }

    @Test("CRLF line ends are removed and a last line without a newline is kept")
    func crlf() throws {
        let lines = socketLines(try FuzzInputs.bytes("socket", "crlf-lines"))
        #expect(lines == [.line(Array("pause".utf8)), .line(Array("resume".utf8)), .line([]), .line([]), .line(Array("status".utf8))])
    }
}
