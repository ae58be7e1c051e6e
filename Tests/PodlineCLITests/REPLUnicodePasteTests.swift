import Foundation
import TestSupport
import Testing

/// The interactive REPL (libedit) in a real terminal (tmux), as a listener pastes into it: long lines mixing ASCII,
/// accented letters, CJK, emoji, tabs and control characters, taller than the screen and resized, must neither crash
/// it nor lose a character, whatever the locale says, and the history keeps the Unicode text.
@Suite(
    "REPL: long Unicode pastes", .serialized,
    .enabled(if: CommandRunner.which("tmux") != nil, "needs tmux"))
struct REPLUnicodePasteTests {
    /// A pasted line of 4,000 characters: words, `é`, `日本`, `🎧`, tabs, and now and then Ctrl-A / Ctrl-E.
    static func pastedLine(_ round: Int) -> String {
        let pieces = ["zq-paste\(round) ", "café ", "é", "日本", "🎧", "\t", "word ", "naïve ", "x", "ü🎧日"]
        var line = ""
        var index = 0
        while line.count < 4_000 {
            line += pieces[index % pieces.count]
            if index % 97 == 96 { line += "\u{01}" }
            if index % 89 == 88 { line += "\u{05}" }
            index += 1
        }
        return String(line.prefix(4_000))
    }

    @Test(
        "ten pastes of 4,000 characters leave the REPL running; a Unicode word reaches the parser whole and is recalled by Up",
        arguments: ["C.UTF-8", "C"])
    func pastes(lang: String) throws {
        let folder = try Fixtures.temporaryDirectory("pl-paste")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("output = \"null\"\n".utf8).write(to: config.appendingPathComponent("config.toml"))
        let environment = [
            "XDG_RUNTIME_DIR": folder.path, "XDG_STATE_HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "HOME": folder.path, "PODLINE_HOME": folder.path, "LANG": lang, "LC_ALL": "", "LC_CTYPE": "", "NO_COLOR": "1",
        ]
        let prompt = "podline [stopped]>"
        let tmux = try TmuxSession(folder: folder, command: [PodlineBinary.path], environment: environment)
        defer { tmux.kill() }
        try tmux.waitFor { $0.hasSuffix(prompt) }

        let pasteFile = folder.appendingPathComponent("paste.txt")
        for round in 1...10 {
            try Data(Self.pastedLine(round).utf8).write(to: pasteFile)
            let buffer = "podline-paste-\(round)"
            let loaded = try CommandRunner.run(tmux.tmux, ["load-buffer", "-b", buffer, pasteFile.path])
            #expect(loaded.status == 0, "load-buffer: \(loaded.stderr)")
            let pasted = try CommandRunner.run(tmux.tmux, ["paste-buffer", "-d", "-b", buffer, "-t", tmux.name])
            #expect(pasted.status == 0, "paste-buffer: \(pasted.stderr)")
            if round % 3 == 0 {
                // The terminal resized with the long line on it, then the cursor to its start: libedit draws the line
                // again at the new size, taller than the screen.
                for (columns, rows) in [(60, 20), (100, 30)] {
                    let resized = try CommandRunner.run(tmux.tmux, ["resize-window", "-t", tmux.name, "-x", "\(columns)", "-y", "\(rows)"])
                    #expect(resized.status == 0, "resize-window: \(resized.stderr)")
                    try tmux.waitForSize(columns: columns, rows: rows)
                    tmux.send(["C-a"])
                    try tmux.waitForKeysRead()
                }
            }
            tmux.send(["Enter"])
            // A marker line after the paste: once its answer is on the screen, the pasted line has been read and run.
            tmux.send(["zqmark\(round)", "Enter"])
            try tmux.waitFor { $0.contains("'zqmark\(round)'") || $0.contains("EXITED") }
            let screen = try tmux.screen()
            try #require(!screen.contains("EXITED"), "the REPL ended after paste \(round) (LANG=\(lang)):\n\(screen)")
        }

        // Still answering: status, then a Unicode word as a command.
        tmux.send(["C-u", "status", "Enter"])
        try tmux.waitFor { $0.contains("\(prompt) status\nstopped\n") || $0.contains("EXITED") }
        let word = "zéro日本🎧"
        tmux.send([word, "Enter"])
        try tmux.waitFor { $0.contains("unknown command '\(word)'") || $0.contains("EXITED") }
        let answered = try tmux.screen()
        #expect(!answered.contains("EXITED"), "LANG=\(lang):\n\(answered)")
        #expect(answered.contains("unknown command '\(word)'"), "LANG=\(lang): the word did not reach the parser whole:\n\(answered)")

        // Ctrl-D on an empty line leaves; the history keeps the word, as Up in a new REPL shows.
        tmux.send(["C-d"])
        try tmux.waitFor { $0.contains("EXITED") }
        let left = try tmux.screen()
        // It leaves with the last command's status (64: the unknown word), never killed by a signal (128 and up).
        let exit = left.range(of: #"EXITED \d+"#, options: .regularExpression).flatMap { Int(left[$0].dropFirst(7)) }
        #expect(exit.map { $0 < 128 } == true, "LANG=\(lang): EXITED \(exit.map(String.init) ?? "?"):\n\(left)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("podline/history").path))
        tmux.kill()

        let again = try TmuxSession(folder: folder, command: [PodlineBinary.path], environment: environment)
        defer { again.kill() }
        try again.waitFor { $0.hasSuffix(prompt) }
        again.send(["Up"])
        try again.waitFor { $0.hasSuffix("\(prompt) \(word)") || $0.contains("EXITED") }
        let recalled = try again.screen()
        #expect(recalled.hasSuffix("\(prompt) \(word)"), "LANG=\(lang): Up recalled\n\(recalled)")
        again.send(["C-u", "C-d"])
        try again.waitFor { $0.contains("EXITED") }
    }
}

extension TmuxSession {
    /// Waits until tmux has given the pane's terminal its new size (and sent SIGWINCH), up to 250 ms after a resize.
    func waitForSize(columns: Int, rows: Int) throws {
        let terminal = try paneTerminal()
        defer { close(terminal) }
        func size() -> [Int] {
            var size = winsize()
            _ = ioctl(terminal, UInt(TIOCGWINSZ), &size)
            return [Int(size.ws_col), Int(size.ws_row)]
        }
        let last = poll(timeout: 10, every: 0.01, size) { $0 == [columns, rows] }
        guard last == [columns, rows] else { throw TestSupportError("the terminal stayed \(last), not \(columns)x\(rows)") }
    }

    /// Waits until the program in the pane has read every key sent to it: none is left in its terminal's input.
    func waitForKeysRead() throws {
        let terminal = try paneTerminal()
        defer { close(terminal) }
        func unread() -> Int32 {
            var count: Int32 = 0
            return ioctl(terminal, UInt(FIONREAD), &count) == 0 ? count : -1
        }
        let left = poll(timeout: 10, every: 0.01, unread) { $0 == 0 }
        guard left == 0 else { throw TestSupportError("\(left) bytes typed were never read") }
    }

    /// The pane's terminal (`/dev/pts/N`) opened to look at, never to read.
    private func paneTerminal() throws -> Int32 {
        let path = try CommandRunner.run(tmux, ["display-message", "-p", "-t", name, "#{pane_tty}"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let terminal = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard terminal >= 0 else { throw TestSupportError("\(path) could not be opened: errno \(errno)") }
        return terminal
    }
}
