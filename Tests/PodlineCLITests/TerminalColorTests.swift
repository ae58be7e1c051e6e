import Foundation
import TestSupport
import Testing

/// Colour: on a terminal only, and never with `--no-color` or a non-empty NO_COLOR.
@Suite("colour", .serialized)
struct TerminalColorTests {
    /// A library with one show (read from a local feed file) in `folder`.
    static func library(in folder: URL) throws {
        let feed = folder.appendingPathComponent("feed.xml")
        try ActivityEventsTests.feed(items: [("One 中文 ☕️", "http://127.0.0.1:9/one.mp3")]).write(to: feed, atomically: true, encoding: .utf8)
        let added = try PodlineBinary.run(["add", feed.path], home: folder, environment: ["XDG_RUNTIME_DIR": folder.path])
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test("on a terminal, lists and error lines are coloured unless --no-color (anywhere) or NO_COLOR says not")
    func terminal() throws {
        let folder = try Fixtures.temporaryDirectory("pl-color")
        try Self.library(in: folder)
        let script = folder.appendingPathComponent("run.sh")
        let podline = PodlineBinary.path
        try """
        unset NO_COLOR
        echo A; \(podline) shows
        echo B; \(podline) --no-color shows
        echo C; \(podline) episodes --no-color
        echo D; NO_COLOR=1 \(podline) shows
        echo E; NO_COLOR= \(podline) episodes
        echo F; \(podline) pause
        echo G; NO_COLOR=1 \(podline) pause
        echo H
        """.write(to: script, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(
            folder: folder, command: ["sh", script.path],
            environment: ["XDG_RUNTIME_DIR": folder.path, "PODLINE_HOME": folder.path, "HOME": folder.path])
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("EXITED 0") }
        let screen = try tmux.screenWithEscapes()
        let part = { (from: String, to: String) -> String in
            guard let start = screen.range(of: "\(from)\n"),
                let end = screen.range(of: "\n\(to)\n", range: start.upperBound..<screen.endIndex)
            else { return "" }
            return String(screen[start.upperBound..<end.lowerBound])
        }
        let escape = "\u{1B}["
        #expect(part("A", "B").contains("\(escape)36mtest-show\(escape)"), "\(part("A", "B").debugDescription)")
        #expect(!part("B", "C").contains(escape) && part("B", "C").hasPrefix("test-show"))
        #expect(!part("C", "D").contains(escape) && part("C", "D").hasPrefix("test-show/1"))
        #expect(!part("D", "E").contains(escape) && part("D", "E").hasPrefix("test-show"))
        #expect(part("E", "F").contains("\(escape)36mtest-show/1\(escape)"), "an empty NO_COLOR does not count")
        #expect(part("F", "G").contains("\(escape)31mpodline:\(escape)"))
        #expect(part("G", "H").hasPrefix("podline: no running player"))
    }

    @Test("through pipes there is never colour: no escape byte in any output")
    func pipes() throws {
        let folder = try Fixtures.temporaryDirectory("pl-color-pipe")
        try Self.library(in: folder)
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": folder.path, "NO_COLOR": nil]
        for arguments in [["shows"], ["episodes"], ["pause"], ["config"], ["update"]] {
            let result = try PodlineBinary.run(arguments, home: folder, environment: environment)
            #expect(
                !result.stdoutData.contains(0x1B) && !result.stderr.contains("\u{1B}"), "\(arguments): \(result.stdout)\(result.stderr)")
        }
        let repl = try PodlineBinary.run([], home: folder, environment: environment, stdin: Data("shows\nepisodes\nqueue\nbogus\n".utf8))
        #expect(repl.stdout.contains("test-show/1"))
        #expect(!repl.stdoutData.contains(0x1B) && !repl.stderr.contains("\u{1B}"))
    }
}

extension TmuxSession {
    /// The visible screen with its colour codes (tmux writes SGR 39 where a colour ends).
    func screenWithEscapes() throws -> String {
        let capture = try CommandRunner.run(tmux, ["capture-pane", "-e", "-p", "-t", name])
        return capture.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n")
    }
}
