import Testing

@testable import PodlineApp

/// Each table entry reads its own words: no parser looks a command up by name.
@Suite("each command's parse, in its table entry")
struct CommandEntryParseTests {
    /// A line each command takes as valid, after its name.
    static let validArguments: [String: [String]] = [
        "play": ["/tmp/a.mp3"], "seek": ["+30"], "chapter": ["next"], "volume": ["50"], "speed": ["1.5"],
        "sleep": ["10m"], "silence": ["on"], "normalize": ["off"], "voice": ["on"], "add": ["https://example.org/feed.xml"],
        "download": ["--new"], "mark": ["show/1", "played"], "remove": ["show"], "show": ["show"], "notes": ["show/1"],
        "search": ["word"], "delete": ["show/1"], "fav": ["show/1"], "inspect": ["feed.xml"], "inspect-ads": ["show/1"],
        "import": ["a.opml"],
        "find": ["words"], "help": ["play"], "plan": ["45m"], "clip": ["show/1", "1:00", "2:00", "-o", "moment.mp3"],
    ]

    /// The kind of command `parsed` is, as the table says kinds.
    private func kind(of parsed: ParsedCommand) -> CommandSpec.Kind {
        switch parsed {
        case .player: .player
        case .task: .library
        case .edit: .edit
        case .query: .query
        case .help, .quit: .session
        }
    }

    @Test("every entry's parse gives a command of the entry's kind, and a task carries the entry's name")
    func parseMatchesTheEntry() throws {
        for spec in CommandTable.all where spec.name != "demo" {
            let parsed = try spec.parse(Self.validArguments[spec.name] ?? [], spec)
            if spec.name == "repl" || spec.name == "tui" {
                #expect(parsed == .help(nil))
                continue
            }
            #expect(kind(of: parsed) == spec.kind, "\(spec.name) parsed as \(parsed)")
            if case .task(let task) = parsed { #expect(task.name == spec.name) }
        }
    }

    @Test("an entry's usage error names that entry")
    func usageErrorsNameTheEntry() {
        for spec in CommandTable.all where !spec.flags.isEmpty {
            do {
                _ = try spec.parse(["--no-such-flag"], spec)
                Issue.record("\(spec.name) took an unknown flag")
            } catch {
                #expect(error.message.contains(spec.name), "\(spec.name): \(error.message)")
            }
        }
    }

    @Test("the same words give different commands under different entries")
    func entriesDiffer() throws {
        #expect(try CommandTable.pause.parse([], CommandTable.pause) == .player(.pause))
        #expect(try CommandTable.resume.parse([], CommandTable.resume) == .player(.resume))
        #expect(try CommandTable.shows.parse([], CommandTable.shows) == .query(QueryCommand(query: .shows, json: false)))
        #expect(try CommandTable.stats.parse(["--json"], CommandTable.stats) == .query(QueryCommand(query: .stats, json: true)))
    }
}
