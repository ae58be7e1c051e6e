import Foundation
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// `mark`, `fav` and `delete` go through the one library model from every front end: the same answers from the shell,
/// the REPL and the socket, a running player that shows the change at once, and nothing half-done after a kill.
@Suite("library edits: one model for the shell, the REPL and the socket", .serialized)
struct LibraryEditTests {
    /// A feed of `count` episodes of the show "Edits", each enclosing `audio`, subscribed in `home`.
    static func subscribe(_ count: Int, audio: URL, home: URL) throws {
        var items = ""
        for number in 1...count {
            let day = String(format: "%02d", 1 + number % 28)
            items += """
                <item><title>Part \(number)</title><guid>edits-\(number)</guid><itunes:episode>\(number)</itunes:episode>\
                <pubDate>Mon, \(day) Jan 2024 10:00:00 GMT</pubDate><enclosure url="\(audio.path)" type="audio/mpeg"/></item>

                """
        }
        let feed = home.appendingPathComponent("edits.xml")
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>Edits</title>
        \(items)</channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        let added = try PodlineBinary.run(["add", feed.path], home: home)
        #expect(added.status == 0, "\(added.stderr)")
    }

    /// The edits every front end runs, in order, with JSON output; the last two fail.
    static let edits: [[String]] = [
        ["mark", "edits/1", "played", "--json"], ["mark", "edits/latest", "played", "--json"], ["mark", "edits", "unplayed", "--json"],
        ["mark", "played", "--before", "2024-01-03", "--json"], ["fav", "edits/2", "--json"], ["fav", "edits", "--on", "--json"],
        ["fav", "3", "--json"], ["delete", "edits/1", "--json"], ["unsubscribe", "edits", "--json"], ["mark", "nosuch/9", "played"],
        ["fav", "a/b/c"],
    ]

    @Test("each edit gives the same JSON and the same failure from the shell, the REPL and the socket")
    func sameAnswers() throws {
        let audio = try Fixtures.toneMP3(in: try Fixtures.temporaryDirectory("pl-edit-audio"), name: "a.mp3", seconds: 1)
        var answers: [String: [String]] = [:]
        // The shell, one command at a time.
        let shellHome = try Fixtures.temporaryDirectory("pl-edit-shell")
        try Self.subscribe(4, audio: audio, home: shellHome)
        answers["shell"] = try Self.edits.map { words in
            let result = try PodlineBinary.run(words, home: shellHome)
            return "\(result.status) \(result.stdout.trimmingCharacters(in: .newlines))"
        }
        // The REPL reading the same lines from standard input; `echo $?`-like status lines are not available, so each
        // line's output is compared, and the failures by their messages.
        let replHome = try Fixtures.temporaryDirectory("pl-edit-repl")
        try Self.subscribe(4, audio: audio, home: replHome)
        let lines = Self.edits.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n"
        let repl = try PodlineBinary.run(["repl"], home: replHome, stdin: Data(lines.utf8))
        // The socket of a running player.
        let socketHome = try Fixtures.temporaryDirectory("pl-edit-socket")
        try Self.subscribe(4, audio: audio, home: socketHome)
        let player = try PlayerProcess(runtime: socketHome, home: socketHome)
        let client = try ControlClient(location: ControlLocation(directory: socketHome.path + "/podline"))
        var socketErrors: [String] = []
        answers["socket"] = try Self.edits.map { words in
            let answer = try client.request(words)
            if !answer.succeeded { socketErrors.append(answer.message ?? "") }
            let status = answer.succeeded ? (answer.dataText.contains("not-downloaded") ? 2 : 0) : 1
            return answer.succeeded ? "\(status) \(answer.dataText)" : answer.error
        }
        _ = player.finish()

        let shell = try #require(answers["shell"])
        let socket = try #require(answers["socket"])
        let successes = Self.edits.count - 2
        for index in 0..<successes {
            #expect(shell[index] == socket[index], "\(Self.edits[index]): shell \(shell[index]), socket \(socket[index])")
            let json = String(shell[index].drop { $0 != " " }.dropFirst())
            #expect(
                repl.stdoutLines.indices.contains(index) && repl.stdoutLines[index] == json,
                "\(Self.edits[index]): REPL \(repl.stdoutLines)")
        }
        #expect(shell[0] == #"0 {"state":"played","changed":1,"ref":"edits/1"}"#)
        #expect(shell[1] == #"0 {"state":"played","changed":1,"ref":"edits/4"}"#, "latest: the newest not yet played")
        #expect(shell[2] == #"0 {"state":"unplayed","changed":2,"ref":null}"#)
        #expect(shell[5] == #"0 {"ref":"edits/4","favorite":true}"#, "a bare show: its newest not yet played")
        #expect(shell[7] == #"2 [{"ref":"edits/1","outcome":"not-downloaded","file":null}]"#)
        #expect(shell[8] == #"0 [{"slug":"edits","title":"Edits","episodes":4,"downloads":0,"kept_in":null}]"#)
        // The failures: the same kind and the same message everywhere.
        #expect(shell[successes].hasPrefix("2 ") && shell[successes + 1].hasPrefix("64 "), "\(shell.suffix(2))")
        #expect(socket.suffix(2) == ["unreadable", "invalid parameter"])
        let replErrors = repl.stderrLines.map { $0.replacingOccurrences(of: "podline: ", with: "") }.filter {
            !$0.contains("not downloaded")
        }
        #expect(replErrors == socketErrors, "REPL \(replErrors), socket \(socketErrors)")
        #expect(
            socketErrors == [
                "nosuch/9: no such episode", "invalid episode reference 'a/b/c': expected SHOW/NUMBER, SHOW/latest, SHOW or an episode id",
            ])
    }

    @Test("a mark or fav of the playing episode, from another shell or the player's REPL, is in the next status --json")
    func playerSeesEdits() throws {
        let home = try Fixtures.temporaryDirectory("pl-edit-playing")
        let audio = try PlayerProcess.episode(named: "long.mp3", in: home)
        try Self.subscribe(2, audio: audio, home: home)
        let player = try PlayerProcess(runtime: home, home: home)
        let environment = player.clientEnvironment
        player.send("play edits/2")
        func episode() throws -> [String: Any]? {
            let status = try PodlineBinary.run(["status", "--json"], home: home, environment: environment)
            let object = try JSONSerialization.jsonObject(with: status.stdoutData) as? [String: Any]
            return object?["episode"] as? [String: Any]
        }
        let playing = try poll(timeout: 15, episode, until: { $0?["ref"] as? String == "edits/2" })
        #expect(playing?["played"] as? Bool == false && playing?["favorite"] as? Bool == false, "\(playing ?? [:])")
        // No waiting between the edit and the status: the edit ends once the player shows it.
        for (words, key, value) in [
            (["mark", "edits/2", "played"], "played", true), (["fav", "edits/2"], "favorite", true),
            (["mark", "edits", "unplayed"], "played", false),
        ] {
            let edit = try PodlineBinary.run(words, home: home, environment: environment)
            #expect(edit.status == 0, "\(words): \(edit.stderr)")
            #expect(try episode()?[key] as? Bool == value, "after \(words)")
        }
        player.send("fav edits/2 --off")
        let unfavoured = try poll(timeout: 5, episode, until: { $0?["favorite"] as? Bool == false })
        #expect(unfavoured?["favorite"] as? Bool == false, "typed in the player's REPL")
        #expect(unfavoured?["ref"] as? String == "edits/2", "the same episode goes on playing")
        let deleting = try PodlineBinary.run(["delete", "edits/2"], home: home, environment: environment)
        #expect(deleting.status == 1 && deleting.stderrLines == ["podline: edits/2 is playing: 'podline stop' it before deleting its file"])
        let refused = try PodlineBinary.run(["remove", "edits"], home: home, environment: environment)
        #expect(refused.status == 1 && refused.stderr.contains("'podline stop' it first, or remove with --force"), "\(refused.stderr)")
        let forced = try PodlineBinary.run(["remove", "edits", "--force"], home: home, environment: environment)
        #expect(forced.status == 0 && forced.stdout.hasPrefix("Removed edits: Edits (2 episodes"), "\(forced.stdout) \(forced.stderr)")
        #expect(try episode() == nil, "the player stopped")
        let finished = player.finish()
        #expect(finished.status == 0, "\(finished.stderr)")
    }

    @Test("kill -9 in the middle of marking 10,000 episodes leaves all of them marked or none")
    func killedMidEdit() throws {
        let home = try Fixtures.temporaryDirectory("pl-edit-kill")
        let audio = try Fixtures.toneMP3(in: home, name: "a.mp3", seconds: 1)
        try Self.subscribe(10_000, audio: audio, home: home)
        func played() throws -> Int {
            let listed = try PodlineBinary.run(["episodes", "--json"], home: home)
            let episodes = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
            #expect(episodes.count == 10_000)
            return episodes.filter { $0["played"] as? Bool == true }.count
        }
        for round in 0..<6 {
            let target = round % 2 == 0 ? "played" : "unplayed"
            let edit = try BackgroundProcess.podline(["mark", "edits", target], home: home)
            usleep(useconds_t(20_000 * (round + 1)))
            edit.killNow()
            let after = try played()
            #expect(after == 0 || after == 10_000, "round \(round): \(after) of 10,000 marked")
            // Whatever the kill left, the library reads and the next edit completes.
            let fixed = try PodlineBinary.run(["mark", "edits", target], home: home)
            #expect(fixed.status == 0, "\(fixed.stderr)")
            #expect(try played() == (target == "played" ? 10_000 : 0))
        }
        let check = try CommandRunner.run(
            try #require(CommandRunner.which("python3")),
            [
                "-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('pragma integrity_check').fetchone()[0])",
                home.appendingPathComponent("library.sqlite").path,
            ])
        #expect(check.stdout == "ok\n")
    }
}
