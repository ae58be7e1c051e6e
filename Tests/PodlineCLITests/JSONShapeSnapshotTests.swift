import Foundation
import TestSupport
import Testing

/// What scripts read: every query's `--json`, and the edits' reports, on a library made from one fixed feed, as the
/// built binary prints them. The snapshot holds their shape field for field while the core changes under them.
/// `PODLINE_UPDATE_SNAPSHOTS=1 swift test --filter JSONShapeSnapshotTests` writes it anew.
@Suite("the JSON scripts read, as a snapshot")
struct JSONShapeSnapshotTests {
    private static let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots/json.txt")

    /// The commands, in order: each runs on the library as the ones before left it.
    static let commands: [[String]] = [
        ["shows", "--json"], ["episodes", "--json"], ["episodes", "snapshot-show", "--limit", "1", "--json"],
        ["show", "snapshot-show", "--json"], ["notes", "snapshot-show/1", "--json"], ["chapters", "snapshot-show/1", "--json"],
        ["search", "tea", "--json"], ["inspect", "FOLDER/feed.xml", "--json"], ["status", "--json"], ["update", "--json"],
        ["fav", "snapshot-show/2", "--json"], ["mark", "snapshot-show/1", "played", "--json"], ["delete", "snapshot-show/1", "--json"],
        ["stats", "--json"], ["episodes", "--json"],
    ]

    static let feed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
        <channel><title>Snapshot Show</title><link>https://example.com/show</link>
        <description>A show for the shapes of JSON.</description><itunes:author>Ada Host</itunes:author><language>en</language>
        <item><title>Second Talk</title><guid>snap-2</guid><pubDate>Tue, 02 Jan 2024 08:00:00 +0000</pubDate>\
        <itunes:duration>10</itunes:duration><description>&lt;p&gt;Notes about &lt;b&gt;tea&lt;/b&gt;.&lt;/p&gt;</description>\
        <enclosure url="ep.mp3" length="80000" type="audio/mpeg"/></item>
        <item><title>First Talk</title><guid>snap-1</guid><pubDate>Mon, 01 Jan 2024 08:00:00 +0000</pubDate>\
        <itunes:duration>10</itunes:duration><description>Coffee notes.</description>\
        <enclosure url="ep.mp3" length="80000" type="audio/mpeg"/></item>
        </channel></rss>

        """

    /// Each command as typed, then its standard output and its status; the folder and times of today made constant.
    static func transcript() throws -> String {
        let folder = try Fixtures.temporaryDirectory("pl-json-shapes")
        defer { try? FileManager.default.removeItem(at: folder) }
        try feed.write(to: folder.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        try Data(repeating: 0, count: 16).write(to: folder.appendingPathComponent("ep.mp3"))
        let home = folder.appendingPathComponent("home")
        let runtime = folder.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        let environment = ["XDG_RUNTIME_DIR": runtime.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        let added = try PodlineBinary.run(["add", folder.appendingPathComponent("feed.xml").path], home: home, environment: environment)
        guard added.status == 0 else { throw TestSupportError("add: \(added.stderr)") }
        var lines: [String] = []
        for command in commands {
            let arguments = command.map { $0.replacingOccurrences(of: "FOLDER", with: folder.path) }
            let result = try PodlineBinary.run(arguments, home: home, environment: environment)
            lines += [
                "$ podline \(command.joined(separator: " "))", normalized(result.stdout, folder: folder), "exit \(result.status)", "",
            ]
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with `folder` as FOLDER and every time from 2025 on (the library's own: added, updated) as NOW.
    static func normalized(_ text: String, folder: URL) -> String {
        let text = text.replacingOccurrences(of: folder.path, with: "FOLDER").trimmingCharacters(in: .newlines)
        let times = /20(2[5-9]|[3-9]\d)-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/
        return text.replacing(times, with: "NOW")
    }

    @Test("every command's --json is the snapshot")
    func shapes() throws {
        let made = try Self.transcript()
        if ProcessInfo.processInfo.environment["PODLINE_UPDATE_SNAPSHOTS"] == "1" {
            try made.write(to: Self.snapshot, atomically: true, encoding: .utf8)
        }
        let held = try String(contentsOf: Self.snapshot, encoding: .utf8)
        let (madeLines, heldLines) = (made.components(separatedBy: "\n"), held.components(separatedBy: "\n"))
        let first = zip(madeLines, heldLines).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(
            made == held,
            "differs from Snapshots/json.txt at line \((first?.offset ?? min(madeLines.count, heldLines.count)) + 1): \(first.map { "\($0.element.0) ≠ \($0.element.1)" } ?? "a line more or less"); run with PODLINE_UPDATE_SNAPSHOTS=1 and review the diff"
        )
    }
}
