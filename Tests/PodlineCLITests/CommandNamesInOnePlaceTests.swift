import Foundation
import Testing

@testable import PodlineApp

/// A command's name is written once, in the table: code that names a command (to parse it, send it or run it) takes
/// the name from the table's entry, never from a string of its own.
@Suite("command names in one place")
struct CommandNamesInOnePlaceTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The table and the help texts, where names are written as such.
    static let tableAndHelp: Set<String> = ["CommandTable.swift", "CommandDetails.swift"]

    /// Strings that are a command's name by chance, not naming the command: (file, string, what it is).
    static let notCommands: [(file: String, word: String, why: String)] = [
        ("PlayerCommandParser.swift", "add", "queue add"),
        ("PlayerCommandParser.swift", "remove", "queue remove"),
        ("PlayerCommand+Words.swift", "add", "queue add"),
        ("PlayerCommand+Words.swift", "remove", "queue remove"),
        ("PlayerCommand+Words.swift", "next", "chapter next"),
        ("LibraryTaskParser.swift", "status", "sync status"),
        ("LibraryTaskParser.swift", "remove", "bookmark remove"),
        ("ActivityNotice.swift", "show", "a notice's member"),
        ("ActivityNotice.swift", "episodes", "a notice's member"),
        ("KeyAction.swift", "stop", "a key's summary"),
        ("KeyAction.swift", "download", "a key action's name in [keys]"),
        ("KeyAction.swift", "quit", "a key action's name in [keys]"),
        ("KeyPress.swift", "delete", "the Delete key's name"),
        ("ShowTable.swift", "speed", "a show's setting in config.toml"),
        ("ConfigKey.swift", "speed", "a setting in config.toml"),
        ("ConfigFile.swift", "shows", "config.toml's [shows] table"),
        ("SyncConfig.swift", "sync", "config.toml's [sync] table"),
        ("PlayerEventsView.swift", "volume", "an event's property"),
        ("PlayerEventsView.swift", "speed", "an event's property"),
        ("PlayerEventsView.swift", "queue", "an event's property"),
        ("ChaptersTask.swift", "chapters", "a JSON member"),
        ("LibraryQueryParser.swift", "search", "the --search flag"),
        ("LibraryQueryParser.swift", "show", "the --show flag"),
        ("EpisodeFilter.swift", "search", "the --search flag"),
        ("ScheduleTask.swift", "show", "systemctl show"),
        ("EpisodeFilter.swift", "show", "the --show flag"),
    ]

    @Test("no command's name is a string literal outside the table and the help texts")
    func namesOnlyInTheTable() throws {
        let names = Set(CommandTable.all.flatMap { [$0.name] + $0.aliases })
        let literal = /"([a-z][a-z-]*)"/
        var found: [String] = []
        for folder in ["PodlineApp", "PodlineCLI"] {
            let root = Self.sources.appendingPathComponent(folder)
            let files =
                FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            #expect(!files.isEmpty, "no sources under \(root.path)")
            for file in files where !Self.tableAndHelp.contains(file.lastPathComponent) {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    for match in code.matches(of: literal) {
                        let word = String(match.output.1)
                        guard names.contains(word) else { continue }
                        // A JSON member's name: `("speed", …)`.
                        if code[..<match.range.lowerBound].hasSuffix("("), code[match.range.upperBound...].hasPrefix(",") { continue }
                        if Self.notCommands.contains(where: { $0.file == file.lastPathComponent && $0.word == word }) { continue }
                        found.append("\(folder)/…/\(file.lastPathComponent):\(number + 1): \"\(word)\"")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.count) names outside the table:\n\(found.joined(separator: "\n"))")
    }
}
