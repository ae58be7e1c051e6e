import ArgumentParser
import Foundation
import PodcastKit

/// `podline search TEXT [--json] [--show SLUG] [--limit N]`: where words were said, or written, in the library.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: CommandTable.summary(of: "search"),
        discussion: """
            Searches the transcripts kept in the library (see 'podline transcript'), episode titles and show notes, \
            with SQLite's full-text index: every word must occur, case and accents folded; "quoted phrases" and \
            word* prefixes work. Hits are ranked (bm25, titles weighing most); each gives the show, the episode, \
            the time for a transcript, the text with the match in bold on a terminal, and a command that plays it \
            there. JSON: [{"ref", "show", "title", "kind": "transcript"|"title"|"notes", "time", "text"}].
            """)

    @Argument(help: "What to look for.")
    var words: [String]

    @Flag(help: "Print a JSON array.")
    var json = false

    @Option(help: CommandTable.flagHelp("search", "show"))
    var show: String?

    @Option(help: CommandTable.flagHelp("search", "limit"))
    var limit = 20

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
        if words.allSatisfy({ $0.allSatisfy { !$0.isLetter && !$0.isNumber } }) {
            throw ValidationError("give a word to search for")
        }
    }

    func run() throws {
        let hits: [SearchHit]
        do {
            let store = try library.openStore()
            let showID = try show.map { try findShow($0, in: store).id } ?? nil
            hits = try store.search(words.joined(separator: " "), showID: showID, limit: limit)
        } catch {
            throw libraryFailure(error)
        }
        if json {
            print(JSONValue.array(hits.map(Self.json)).rendered)
            return
        }
        if hits.isEmpty {
            print("No matches.")
            return
        }
        let bold = TerminalStyle.enabled(for: 1)
        for hit in hits {
            let title = TerminalText.safe(hit.listing.episode.title ?? hit.listing.ref)
            let show = TerminalText.safe(hit.listing.showTitle ?? hit.listing.showSlug)
            let time = hit.time.map { " [\(CueLine.clock($0))]" } ?? ""
            print("\(show) — \(title)\(time) (\(hit.kind.rawValue))")
            print("    " + Self.marked(hit.text, bold: bold))
            print("    podline play \(hit.listing.ref)" + (hit.time.map { " --start \(CueLine.clock($0))" } ?? ""))
        }
    }

    /// A hit as JSON, its text without match marks.
    static func json(_ hit: SearchHit) -> JSONValue {
        .object([
            ("ref", .string(hit.listing.ref)), ("show", .string(hit.listing.showTitle ?? hit.listing.showSlug)),
            ("title", .string(hit.listing.episode.title)), ("kind", .string(hit.kind.rawValue)), ("time", .number(hit.time)),
            ("text", .string(marked(hit.text, bold: false))),
        ])
    }

    /// `text` with its matches in bold (or plain), made safe for a terminal.
    static func marked(_ text: String, bold: Bool) -> String {
        var result = ""
        var match = ""
        var inside = false
        for character in text {
            if character == SearchHit.markStart {
                inside = true
            } else if character == SearchHit.markEnd {
                result += bold ? TerminalStyle.paint(TerminalText.safe(match), .bold, enabled: true) : TerminalText.safe(match)
                match = ""
                inside = false
            } else if inside {
                match.append(character)
            } else {
                result += TerminalText.safe(String(character))
            }
        }
        return result + TerminalText.safe(match)
    }
}
