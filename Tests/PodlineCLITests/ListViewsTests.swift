import Foundation
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The listings and progress bars drawn by DataFlow views.
@Suite("list views", .serialized)
struct ListViewsTests {
    @Test("through a pipe the listings keep their plain format: aligned references, flags, nothing cut")
    func plainFormat() throws {
        let folder = try Fixtures.temporaryDirectory("pl-lists")
        let feed = folder.appendingPathComponent("feed.xml")
        let long = String(repeating: "長い題名", count: 30)
        try ActivityEventsTests.feed(items: [
            ("One", "http://127.0.0.1:9/1.mp3"), ("Two \u{1B}[31mred", "http://127.0.0.1:9/2.mp3"),
            (long, "http://127.0.0.1:9/3.mp3"),
        ])
        .write(to: feed, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", feed.path], home: folder).status == 0)
        let shows = try PodlineBinary.run(["shows"], home: folder)
        #expect(shows.stdout == "test-show  3/3          Test Show\n")
        let episodes = try PodlineBinary.run(["episodes"], home: folder)
        let lines = episodes.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let row = { (title: String) in lines.contains { $0.hasPrefix("test-show/") && $0.dropFirst(11) == "       -  -         \(title)" } }
        #expect(row("One"))
        #expect(row("Two red"), "escape sequences from the feed are neutralised")
        #expect(row(long), "a pipe gets the whole title")
    }

    @Test("on a narrow terminal every line fits its width, wide characters counted twice")
    func narrowTerminal() throws {
        let folder = try Fixtures.temporaryDirectory("pl-lists-tty")
        let feed = folder.appendingPathComponent("feed.xml")
        try ActivityEventsTests.feed(items: [
            ("中文の題名がとても長いエピソード☕️☕️☕️☕️", "http://127.0.0.1:9/1.mp3"),
            ("A plain title that is much longer than forty columns", "http://127.0.0.1:9/2.mp3"),
        ])
        .write(to: feed, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", feed.path], home: folder).status == 0)
        let script = folder.appendingPathComponent("run.sh")
        try "stty cols 40; echo START; \(PodlineBinary.path) episodes; echo END\n".write(to: script, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(
            folder: folder, command: ["sh", script.path],
            environment: ["PODLINE_HOME": folder.path, "HOME": folder.path, "XDG_RUNTIME_DIR": folder.path])
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("EXITED 0") }
        let screen = try tmux.screen()
        let start = try #require(screen.range(of: "START\n"))
        let end = try #require(screen.range(of: "\nEND"))
        let lines = screen[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "a line wrapped: \(lines)")
        for line in lines {
            #expect(TerminalText.width(line) <= 40, "\(line)")
            #expect(line.hasSuffix("…"), "\(line)")
        }
    }

    @Test("progress bars are a view of the activity model, redrawn in place only when their lines change")
    @MainActor
    func progressDisplay() {
        var written: [String] = []
        let display = ProgressDisplay(style: ListStyle(color: false, columns: 70)) { written.append($0) }
        display.record(.download(ref: "news/1", bytes: 512 * 1024, total: 1024 * 1024))
        #expect(display.lines == ["news/1  [###############---------------] 50%  0.5 MB"])
        #expect(written == ["\r\u{1B}[Knews/1  [###############---------------] 50%  0.5 MB"])
        display.record(.download(ref: "news/1", bytes: 512 * 1024 + 10, total: 1024 * 1024))
        #expect(written.count == 1, "the same line is not drawn again")
        display.record(.download(ref: "news/1", bytes: 1024 * 1024 * 3 / 4, total: 1024 * 1024))
        #expect(written.count == 3, "erase, then draw")
        #expect(written[1] == "\r\u{1B}[J")
        #expect(written[2].hasSuffix("[######################--------] 75%  0.8 MB"))
        #expect(!written.joined().contains("\n"), "one line redrawn in place, never a new line")
        display.expectFeeds(4)
        display.record(.feedUpdated(show: "tech", newEpisodes: 1))
        #expect(display.lines.first == "Updating feeds [#######-----------------------] 1/4  tech")
        #expect(display.lines.count == 2)
        let before = written.count
        display.record(.download(ref: "news/1", bytes: 1024 * 1024, total: 1024 * 1024))
        #expect(display.lines.count == 1, "a finished download's bar goes")
        #expect(written[before] == "\r\u{1B}[1A\u{1B}[J", "two lines drawn: up one, then clear")
        display.clear()
        #expect(display.lines.isEmpty)
        let colored = ProgressDisplay(style: ListStyle(color: true, columns: 70)) { _ in }
        colored.record(.download(ref: "a/1", bytes: 1, total: 2))
        #expect(colored.lines == ["a/1  [\u{1B}[32m###############\u{1B}[0m---------------] 50%  0.0 MB"])
    }

    @Test("podline download on a terminal draws a bar that ends replaced by the result; through a pipe, no bar")
    func downloadBar() throws {
        let folder = try Fixtures.temporaryDirectory("pl-bar")
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        _ = try Fixtures.toneMP3(in: served, name: "one.mp3", seconds: 60, rate: 22_050, channels: 1, bitrate: 64)
        let server = try SlowFileServer(folder: served, chunkBytes: 16_384, delay: 0.05)
        defer { server.stop() }
        let feed = served.appendingPathComponent("feed.xml")
        try ActivityEventsTests.feed(items: [("one", server.url("one.mp3"))]).write(to: feed, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", feed.path], home: folder).status == 0)
        let tmux = try TmuxSession(
            folder: folder, command: [PodlineBinary.path, "download", "test-show/1"],
            environment: ["PODLINE_HOME": folder.path, "HOME": folder.path, "XDG_RUNTIME_DIR": folder.path])
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("test-show/1  [") && $0.contains("%") }
        try tmux.waitFor { $0.contains("EXITED 0") }
        let screen = try tmux.screen()
        #expect(screen.hasPrefix("test-show/1: downloaded to \(folder.path)/episodes/test-show/1-one.mp3"), "\(screen)")
        #expect(!screen.contains("["), "the bar was erased: \(screen)")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("episodes/test-show/1-one.mp3"))
        let piped = try PodlineBinary.run(["download", "test-show/1"], home: folder)
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty)
        #expect(!piped.stdout.contains("["))
    }
}
