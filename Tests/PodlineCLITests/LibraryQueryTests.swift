import Foundation
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// `shows`, `episodes`, `stats` and `notes` are parsed by the command table and answered from the library's model by
/// every front end: the shell, the REPL and the control socket give the same data and the same failures.
@Suite("library questions: one answer from the shell, the REPL and the socket", .serialized)
struct LibraryQueryTests {
    /// The questions every front end asks, in order, as JSON; the last three fail.
    static let questions: [[String]] = [
        ["shows", "--json"], ["episodes", "--json"], ["episodes", "edits", "--new", "--json"],
        ["episodes", "--favorites", "--json"], ["episodes", "--in-progress", "--json"], ["episodes", "--search", "Part 3", "--json"],
        ["episodes", "--limit=2", "--json"], ["stats", "--json"], ["notes", "edits/latest", "--json"], ["show", "edits", "--json"],
        ["playlist", "--json"], ["playlist", "show", "oldest-new", "--json"], ["episodes", "mine", "--json"],
        ["history", "--json"], ["stats", "--by", "show", "--json"], ["episodes", "nosuch", "--json"], ["notes", "nosuch/9"],
        ["episodes", "--limit", "-1"],
    ]

    @Test("each question gives the same JSON and the same failure from the shell, the REPL and the socket")
    func sameAnswers() throws {
        let home = try Fixtures.temporaryDirectory("pl-query")
        let audio = try Fixtures.toneMP3(in: home, name: "a.mp3", seconds: 1)
        try LibraryEditTests.subscribe(4, audio: audio, home: home)
        for edit in [
            ["mark", "edits/1", "played"], ["fav", "edits/2"], ["playlist", "add", "oldest-new", "--new", "--sort", "oldest"],
            ["playlist", "add", "mine", "edits/3", "edits/1"], ["playlist", "add", "mine", "edits/4", "--head"],
        ] {
            #expect(try PodlineBinary.run(edit, home: home).status == 0)
        }
        let shell = try Self.questions.map { words in try PodlineBinary.run(words, home: home) }
        let lines = Self.questions.map { $0.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ") }
        let repl = try PodlineBinary.run(["repl"], home: home, stdin: Data((lines.joined(separator: "\n") + "\n").utf8))

        let player = try PlayerProcess(runtime: home, home: home)
        defer { _ = player.finish() }
        let client = try ControlClient(location: ControlLocation(directory: home.path + "/podline"))
        let socket = try Self.questions.map { words in try client.request(words) }

        let answered = Self.questions.count - 3
        for index in 0..<answered {
            let json = shell[index].stdout.trimmingCharacters(in: .newlines)
            #expect(shell[index].status == 0, "\(Self.questions[index]): \(shell[index].stderr)")
            #expect(socket[index].succeeded && socket[index].dataText == json, "\(Self.questions[index]): socket \(socket[index].dataText)")
            #expect(repl.stdoutLines.indices.contains(index) && repl.stdoutLines[index] == json, "\(Self.questions[index])")
        }
        func refs(_ index: Int) throws -> [String] {
            let array = try #require(try JSONSerialization.jsonObject(with: Data(shell[index].stdout.utf8)) as? [[String: Any]])
            return array.compactMap { $0["ref"] as? String }
        }
        #expect(try refs(1) == ["edits/4", "edits/3", "edits/2", "edits/1"])
        #expect(try refs(2) == ["edits/4", "edits/3", "edits/2"], "new: not played, not started")
        #expect(try refs(3) == ["edits/2"])
        #expect(try refs(4).isEmpty)
        #expect(try refs(5) == ["edits/3"])
        #expect(try refs(6) == ["edits/4", "edits/3"])
        #expect(shell[7].stdout.contains(#""shows":1,"episodes":4,"played":1"#), "\(shell[7].stdout)")
        #expect(shell[8].stdout.contains(#""ref":"edits/4""#), "latest: the newest not yet played")
        #expect(shell[9].stdout.contains(#""slug":"edits""#) && shell[9].stdout.contains(#""settings":{"#), "\(shell[9].stdout)")
        #expect(
            shell[10].stdout.hasPrefix(
                #"[{"name":"mine","kind":"named","query":null,"episodes":3},{"name":"oldest-new","kind":"smart","query":["--new","--sort","oldest"],"episodes":3},{"name":"queue","kind":"named","query":null,"episodes":0}]"#
            ), "\(shell[10].stdout)")
        let smart = try #require(try JSONSerialization.jsonObject(with: Data(shell[11].stdout.utf8)) as? [String: Any])
        #expect((smart["episodes"] as? [[String: Any]])?.compactMap { $0["ref"] as? String } == ["edits/2", "edits/3", "edits/4"])
        #expect(try refs(12) == ["edits/4", "edits/3", "edits/1"], "a named playlist in its order")

        // The subscriptions as OPML: the socket's data is the text the shell prints.
        let opml = try PodlineBinary.run(["export"], home: home)
        let exported = try client.request(["export"])
        #expect(opml.status == 0 && opml.stdout.contains("<opml version=\"2.0\">") && opml.stdout.contains("Edits"), "\(opml.stdout)")
        // The same text but for the moment it was made (dateCreated, to the second: the two can straddle one).
        let undated = { (text: String?) in text?.split(separator: "\n").filter { !$0.contains("<dateCreated>") } }
        #expect(exported.succeeded && undated(exported.data(as: String.self)) == undated(opml.stdout))
        // A file: named with an absolute path on the socket (a relative one would be the player's folder's).
        #expect(try client.request(["export", "subs.opml"]).error == "invalid parameter")
        let file = home.appendingPathComponent("subs.opml").path
        #expect(try client.request(["export", file]).succeeded)
        #expect(undated(try? String(contentsOfFile: file, encoding: .utf8)) == undated(opml.stdout))

        // The failures: the same exit status, reply error and message everywhere.
        #expect(shell[answered...].map(\.status) == [2, 2, 64])
        #expect(socket[answered...].map(\.error) == ["unreadable", "unreadable", "invalid parameter"])
        let messages = socket[answered...].map { $0.message ?? "" }
        #expect(
            shell[answered...].map { $0.stderr.replacingOccurrences(of: "podline: ", with: "").trimmingCharacters(in: .newlines) }
                == messages)
        #expect(repl.stderrLines.map { $0.replacingOccurrences(of: "podline: ", with: "") } == messages)
        #expect(messages.last == "episodes: --limit takes a whole number of 0 or more, not '-1' (see 'podline help episodes')")
    }

    @Test("the text forms: shows and episodes as listings, stats in four lines, notes with the episode's details")
    func textForms() throws {
        let home = try Fixtures.temporaryDirectory("pl-query-text")
        let audio = try Fixtures.toneMP3(in: home, name: "a.mp3", seconds: 1)
        try LibraryEditTests.subscribe(2, audio: audio, home: home)
        let shows = try PodlineBinary.run(["shows"], home: home)
        #expect(shows.stdoutLines.count == 1 && shows.stdout.contains("edits") && shows.stdout.contains("Edits"), "\(shows.stdout)")
        let episodes = try PodlineBinary.run(["episodes"], home: home)
        #expect(episodes.stdoutLines.map { String($0.prefix(7)) } == ["edits/2", "edits/1"], "\(episodes.stdout)")
        let stats = try PodlineBinary.run(["stats"], home: home)
        #expect(stats.stdoutLines.first == "Shows: 1" && stats.stdoutLines.count == 4, "\(stats.stdout)")
        let notes = try PodlineBinary.run(["notes", "edits/1"], home: home)
        #expect(notes.stdoutLines.prefix(2) == ["Part 1 (edits/1)", "Show: Edits"], "\(notes.stdout)")
        #expect(notes.stdoutLines.contains("New"))
    }
}
