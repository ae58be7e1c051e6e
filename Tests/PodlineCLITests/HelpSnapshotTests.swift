import Foundation
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The help and the man page's COMMANDS section are made from the command table; these snapshots show every change to
/// them in review. `PODLINE_UPDATE_SNAPSHOTS=1 swift test --filter HelpSnapshotTests` writes them anew.
@Suite("help and man page snapshots")
struct HelpSnapshotTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static var updating: Bool { ProcessInfo.processInfo.environment["PODLINE_UPDATE_SNAPSHOTS"] == "1" }

    /// `podline help` in the shell and the REPL, then `podline help NAME` for every command, as printed.
    static func helpText() -> String {
        var lines = ["$ podline help"] + HelpText.lines(for: nil, in: .shell)
        lines += ["", "> help"] + HelpText.lines(for: nil, in: .repl)
        for spec in CommandTable.all {
            lines += ["", "$ podline help \(spec.name)"] + HelpText.lines(for: spec.name)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("the help of every command is the snapshot")
    func help() throws {
        let file = Self.root.appendingPathComponent("Tests/PodlineCLITests/Snapshots/help.txt")
        if Self.updating { try Self.helpText().write(to: file, atomically: true, encoding: .utf8) }
        let snapshot = try String(contentsOf: file, encoding: .utf8)
        #expect(Self.helpText() == snapshot, "run with PODLINE_UPDATE_SNAPSHOTS=1 and review the diff")
    }

    @Test("the man page's COMMANDS section is the one the table makes, with one entry for each shell command")
    func manPage() throws {
        let file = Self.root.appendingPathComponent("man/podline.1")
        var text = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(text.range(of: "\n.SH COMMANDS\n"))
        let end = try #require(text.range(of: "\n.SH ", range: start.upperBound..<text.endIndex))
        let made = ManPage.commandsSection().joined(separator: "\n")
        if Self.updating {
            text.replaceSubrange(text.index(after: start.lowerBound)..<end.lowerBound, with: made)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[text.index(after: start.lowerBound)..<end.lowerBound]) == made, "run with PODLINE_UPDATE_SNAPSHOTS=1")
        let entries = made.components(separatedBy: "\n").enumerated().filter { $0.offset > 0 }
        let lines = made.components(separatedBy: "\n")
        let named = entries.compactMap { entry -> String? in
            guard lines[entry.offset - 1] == ".TP", entry.element.hasPrefix("\\fB") else { return nil }
            return String(entry.element.dropFirst(3).prefix { $0 != "\\" })
        }
        #expect(named == CommandTable.available(in: .shell).map(\.name))
    }
}
