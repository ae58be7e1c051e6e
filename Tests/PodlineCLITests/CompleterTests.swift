import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// What Tab offers in each place of a REPL line.
@Suite("REPL completion")
struct CompleterTests {
    let completer = Completer(paths: LibraryPaths(home: "/nonexistent-podline-home"))

    @Test(
        "the first word completes to command names",
        arguments: [
            ("", "pa", ["pause"]), ("", "zz", []),
            (
                "", "s",
                ["schedule", "search", "seek", "show", "shows", "silence", "skip", "sleep", "speed", "stats", "status", "stop", "sync"]
            ),
        ] as [(String, String, [String])])
    func commands(before: String, word: String, expected: [String]) {
        #expect(completer.candidates(before: before, word: word) == .words(expected))
    }

    @Test("arguments complete to their own words, or to files")
    func arguments() {
        #expect(completer.candidates(before: "queue ", word: "") == .words(["add", "clear", "remove"]))
        #expect(completer.candidates(before: "sleep ", word: "o") == .words(["off"]))
        #expect(completer.candidates(before: "status ", word: "--") == .words(["--json"]))
        #expect(completer.candidates(before: "episodes ", word: "--s") == .words(["--show", "--search", "--sort"]))
        #expect(completer.candidates(before: "help ", word: "vo") == .words(["voice", "volume"]))
        #expect(completer.candidates(before: "play ", word: "/tmp/x") == .files)
        #expect(completer.candidates(before: "queue add ", word: "./a") == .files)
        #expect(completer.candidates(before: "mark x ", word: "un") == .words(["unplayed"]))
    }
}
