import Foundation
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// `add`, `update`, `download`, `import`, `inspect`, `chapters`, `transcript` and `config` are parsed by the command
/// table and run on the library's model by every front end: the shell, the REPL and the control socket give the same
/// data and the same failures, and what they change is in a running player's model at once.
@Suite("library tasks: one answer from the shell, the REPL and the socket", .serialized)
struct LibraryTaskTests {
    /// A feed of two episodes whose enclosures `server` serves, saved as `tasks.xml` in `home`.
    private static func feed(in home: URL, server: SlowFileServer) throws -> URL {
        let feed = home.appendingPathComponent("tasks.xml")
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Tasks</title>
        <item><title>One</title><guid>t-1</guid><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate>\
        <enclosure url="\(server.url("a.mp3"))" type="audio/mpeg" length="1"/></item>
        <item><title>Two</title><guid>t-2</guid><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>\
        <enclosure url="\(server.url("a.mp3"))" type="audio/mpeg" length="1"/></item>
        </channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        return feed
    }

    @Test("inspect, chapters and update give the same JSON and the same failures from the shell, the REPL and the socket")
    func sameAnswers() throws {
        let home = try Fixtures.temporaryDirectory("pl-tasks")
        let audio = try Fixtures.toneMP3(in: home, name: "a.mp3", seconds: 1)
        let server = try SlowFileServer(folder: home, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        let feed = try Self.feed(in: home, server: server)
        #expect(try PodlineBinary.run(["add", feed.path], home: home).status == 0)
        let tasks: [[String]] = [
            ["inspect", feed.path, "--json"], ["chapters", audio.path, "--json"], ["update", "--json"],
            ["transcript", "tasks/1"], ["update", "--jobs", "0"], ["download", "--limit", "2", "tasks/1"],
            ["inspect", home.appendingPathComponent("missing.xml").path],
        ]
        let shell = try tasks.map { try PodlineBinary.run($0, home: home) }
        let repl = try PodlineBinary.run(
            ["repl"], home: home, stdin: Data((tasks.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n").utf8))
        let player = try PlayerProcess(runtime: home, home: home)
        defer { _ = player.finish() }
        let client = try ControlClient(location: ControlLocation(directory: home.path + "/podline"))
        let socket = try tasks.map { try client.request($0) }

        for index in 0..<3 {
            let printed = shell[index].stdout.trimmingCharacters(in: .newlines)
            #expect(shell[index].status == 0, "\(tasks[index]): \(shell[index].stderr)")
            #expect(repl.stdoutLines.indices.contains(index) && repl.stdoutLines[index] == printed, "\(tasks[index])")
            // update prints a line a show; the socket answers with the list of them.
            let data = tasks[index][0] == "update" ? "[\(printed)]" : printed
            #expect(socket[index].succeeded && socket[index].dataText == data, "\(tasks[index]): socket \(socket[index].dataText)")
        }
        #expect(shell[0].stdout.contains(#""title":"Tasks""#) && shell[0].stdout.contains(#""title":"One""#))
        #expect(shell[1].stdout.trimmingCharacters(in: .newlines) == #"{"source":null,"chapters":[]}"#)
        #expect(shell[2].stdout.contains(#""show":"tasks""#), "\(shell[2].stdout)")

        #expect(shell[3...].map(\.status) == [2, 64, 64, 2])
        #expect(socket[3...].map(\.error) == ["unreadable", "invalid parameter", "invalid parameter", "unreadable"])
        let messages = socket[3...].map { $0.message ?? "" }
        #expect(
            shell[3...].map { $0.stderr.replacingOccurrences(of: "podline: ", with: "").trimmingCharacters(in: .newlines) } == messages)
        #expect(repl.stderrLines.map { $0.replacingOccurrences(of: "podline: ", with: "") } == messages)
        #expect(messages[1] == "update: --jobs must be at least 1 (see 'podline help update')")
        #expect(messages[2] == "download: --limit goes with --new (see 'podline help download')")
    }

    /// The data of `answer` as Foundation reads JSON.
    private func data(_ answer: ControlAnswer) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(answer.dataText.utf8), options: [.fragmentsAllowed])
    }

    @Test("add and download over the socket change the running player's library at once; a relative file is refused there")
    func changesOverTheSocket() throws {
        let home = try Fixtures.temporaryDirectory("pl-tasks-socket")
        _ = try Fixtures.toneMP3(in: home, name: "a.mp3", seconds: 1)
        let server = try SlowFileServer(folder: home, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        let feed = try Self.feed(in: home, server: server)
        let player = try PlayerProcess(runtime: home, home: home)
        defer { _ = player.finish() }
        let client = try ControlClient(location: ControlLocation(directory: home.path + "/podline"))

        let relative = try client.request(["add", "tasks.xml"])
        #expect(
            relative.error == "invalid parameter" && relative.message == "add: name the file with an absolute path on the control socket")
        let added = try client.request(["add", feed.path])
        let subscription = try #require(data(added) as? [String: Any])
        #expect(added.succeeded && subscription["slug"] as? String == "tasks" && subscription["episodes"] as? Int == 2, "\(added.dataText)")
        #expect(try client.request(["shows", "--json"]).dataText.contains(#""slug":"tasks""#))
        #expect((data(try client.request(["add", feed.path])) as? [String: Any])?["subscribed"] as? Bool == false)

        let downloaded = try client.request(["download", "tasks/1"])
        let items = try #require(data(downloaded) as? [[String: Any]], "\(downloaded.dataText)")
        let file = try #require(items.first?["file"] as? String)
        #expect(items.count == 1 && items.first?["ref"] as? String == "tasks/1" && FileManager.default.fileExists(atPath: file))
        let listed = try PodlineBinary.run(["episodes", "--downloaded", "--json"], home: home)
        #expect(listed.stdout.contains(#""ref":"tasks/1""#) && !listed.stdout.contains(#""ref":"tasks/2""#), "\(listed.stdout)")
        // An episode named as play names it (`show/latest`) is no file: taken on the socket as anywhere.
        let latest = try client.request(["chapters", "tasks/latest"])
        #expect(latest.succeeded && latest.dataText.contains(#""chapters":[]"#), "\(latest.message ?? latest.dataText)")
        // The player's own model has the file: it plays from it.
        let played = try client.request(["play", "tasks/1"])
        #expect(played.succeeded)
        let status = try client.request(["status", "--json"])
        let episode = (data(status) as? [String: Any])?["episode"] as? [String: Any]
        #expect(episode?["ref"] as? String == "tasks/1" && episode?["url"] as? String == file, "\(status.dataText)")
    }
}
