import Foundation
import PodcastKit
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The command language: quoting, name matching, suggestions and argument checking.
@Suite("command language")
struct LanguageTests {
    @Test(
        "words split on blanks, with single quotes, double quotes, backslashes and comments",
        arguments: [
            ("seek +30", ["seek", "+30"]),
            ("  play   'My Show/Episode 1.mp3'  ", ["play", "My Show/Episode 1.mp3"]),
            (#"play "a \"quoted\" name""#, ["play", #"a "quoted" name"#]),
            (#"play a\ b"#, ["play", "a b"]),
            ("queue add x # a comment", ["queue", "add", "x"]),
            ("play ''", ["play", ""]),
            ("play a'#not a comment'", ["play", "a#not a comment"]),
            ("", []),
        ] as [(String, [String])])
    func tokenizes(line: String, words: [String]) throws {
        #expect(try Tokenizer.words(line) == words)
    }

    @Test("an unterminated quote or a trailing backslash is an invalid parameter", arguments: ["play 'open", #"play "open"#, #"play x\"#])
    func unterminated(line: String) {
        #expect(throws: CommandError.self) { try Tokenizer.words(line) }
        #expect((try? Tokenizer.words(line)) == nil)
    }

    @Test("quote() reads back as the same word", arguments: ["plain", "two words", "it's", "", "tab\there", "#hash", "a\"b"])
    func quoteRoundTrips(word: String) throws {
        #expect(try Tokenizer.words("x " + Tokenizer.quote(word)) == ["x", word])
    }

    @Test("exact names and unique prefixes name commands")
    func prefixes() throws {
        #expect(try CommandMatcher.match("pa").name == "pause")
        #expect(try CommandMatcher.match("sto").name == "stop")
        #expect(try CommandMatcher.match("PAUSE").name == "pause")
        #expect(try CommandMatcher.match("exit").name == "quit")
    }

    @Test("an ambiguous prefix lists the candidates")
    func ambiguous() {
        do {
            _ = try CommandMatcher.match("st")
            Issue.record("'st' should be ambiguous")
        } catch {
            #expect(error.kind == .unknownCommand)
            #expect(error.message.contains("stop") && error.message.contains("status"))
        }
    }

    @Test(
        "a typo gets a did-you-mean suggestion; nonsense does not",
        arguments: [
            ("puase", "pause"), ("volumn", "volume"), ("sped", "speed"), ("quuee", "queue"), ("stauts", "status"),
        ])
    func didYouMean(typo: String, suggestion: String) {
        #expect(throws: CommandError(.unknownCommand, "unknown command '\(typo)' (did you mean '\(suggestion)'?)")) {
            try CommandMatcher.match(typo)
        }
    }

    @Test("a word far from every command gets no suggestion")
    func noSuggestion() {
        #expect(throws: CommandError(.unknownCommand, "unknown command 'xyzzy' (try 'help')")) { try CommandMatcher.match("xyzzy") }
    }

    @Test(
        "edit distance counts insertions, deletions, substitutions and swaps",
        arguments: [
            ("pause", "pause", 0), ("puase", "pause", 1), ("paus", "pause", 1), ("pauses", "pause", 1), ("kitten", "sitting", 3),
            ("", "abc", 3),
        ] as [(String, String, Int)])
    func distance(a: String, b: String, expected: Int) {
        #expect(EditDistance.between(a, b) == expected)
    }

    @Test(
        "arguments are parsed into typed commands",
        arguments: [
            ("seek 1:30", PlayerCommand.seek(.to(90))),
            ("seek -30", .seek(.by(-30))),
            ("seek +5m", .seek(.by(300))),
            ("volume 50", .volume(.to(50))),
            ("volume -10", .volume(.by(-10))),
            ("speed 1.5x", .speed(.to(1.5))),
            ("sleep 30m", .sleep(.after(1800))),
            ("sleep end", .sleep(.endOfEpisode)),
            ("sleep off", .sleep(.off)),
            ("queue", .queue(.list)),
            ("queue add a b", .queue(.add(["a", "b"]))),
            ("queue remove 2", .queue(.remove("2"))),
            ("queue clear", .queue(.clear)),
            ("status --json", .status(json: true)),
            ("pa", .pause),
        ] as [(String, PlayerCommand)])
    func parses(line: String, command: PlayerCommand) throws {
        #expect(try CommandParser.parse(line: line) == .player(command))
    }

    @Test(
        "bad arguments are invalid parameters (exit 64) with the command named",
        arguments: [
            "seek", "seek soon", "seek 1:99", "volume 150", "volume loud", "speed 4", "speed 0.1", "sleep never",
            "pause now", "queue shuffle", "queue add", "status extra",
        ])
    func rejects(line: String) {
        do {
            _ = try CommandParser.parse(line: line)
            Issue.record("\(line) was accepted")
        } catch {
            #expect(error.kind == .invalidParameter)
            #expect(error.exitStatus == 64)
            #expect(error.message.hasPrefix(String(line.split(separator: " ")[0])))
        }
    }

    @Test(
        "library questions are parsed with the table's flags; other library commands pass their words to the shell form; help and quit belong to the session"
    )
    func otherKinds() throws {
        var filter = EpisodeFilter()
        (filter.states, filter.limit) = ([.new], 3)
        #expect(
            try CommandParser.parse(line: "epi --new 'my show' --limit=3")
                == .query(QueryCommand(query: .episodes(target: "my show", filter: filter), json: false)))
        #expect(
            try CommandParser.parse(line: "search tide --show x --json")
                == .query(QueryCommand(query: .search(text: "tide", show: "x", limit: 20), json: true)))
        #expect(throws: CommandError.self) { try CommandParser.parse(line: "search ??") }
        #expect(throws: CommandError.self) { try CommandParser.parse(line: "stats extra") }
        #expect(
            try CommandParser.parse(line: "update --jobs 2 --max-feed-size=3")
                == .task(TaskCommand(task: .update(shows: [], jobs: 2, sizeCap: 3 * 1024 * 1024), json: false, name: "update")))
        #expect(throws: CommandError.self) { try CommandParser.parse(line: "update --jobs 0") }
        #expect(throws: CommandError.self) { try CommandParser.parse(line: "download --limit 2 ep/1") }
        #expect(try CommandParser.parse(line: "help") == .help(nil))
        #expect(try CommandParser.parse(line: "seek --help") == .help("seek"))
        #expect(try CommandParser.parse(line: "quit") == .quit)
        #expect(try CommandParser.parse(line: "# only a comment") == nil)
    }

    @Test("exit statuses and reply strings follow the documented table")
    func errorTable() {
        #expect(CommandError(.noPlayer, "").exitStatus == 4)
        #expect(CommandError(.failed, "").exitStatus == 1)
        #expect(CommandError(.unreadable, "").exitStatus == 2)
        #expect(CommandError(.unknownCommand, "").replyError == "unknown command")
        for kind in [CommandError.Kind.unknownCommand, .invalidParameter, .noPlayer, .failed, .unreadable, .unavailable] {
            #expect(CommandError.kind(forReplyError: CommandError(kind, "").replyError) == kind)
        }
    }
}
