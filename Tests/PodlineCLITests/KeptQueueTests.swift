import Foundation
import TestSupport
import Testing

/// The queue is the library's playlist `queue`, end to end on the built binary: the shell's `queue` changes it while no
/// player runs, a player takes it up and keeps it, another process's change reaches a running player, and `update`'s
/// `auto_add = "queue"` puts new episodes at its head.
@Suite("the queue kept in the library", .serialized)
struct KeptQueueTests {
    /// A library of one show, `s`, read from a feed file of `count` episodes of `seconds` each (`s/1` the oldest).
    private struct Library {
        let home: URL
        let audio: URL

        init(count: Int, seconds: Double = 1) throws {
            home = try Fixtures.temporaryDirectory("pl-kept-queue")
            audio = try Fixtures.toneMP3(in: home, name: "a.mp3", seconds: seconds, rate: 22_050, channels: 1, bitrate: 32)
            try writeFeed(count: count)
            let added = try run(["add", home.appendingPathComponent("s.xml").path])
            #expect(added.status == 0, "\(added.stderr)")
        }

        /// Writes the feed with `count` episodes, titled `s N`, a day apart.
        func writeFeed(count: Int) throws {
            let items = (1...count).map { number in
                """
                <item><title>s \(number)</title><guid>s-\(number)</guid><pubDate>\(Self.day(number))</pubDate>\
                <enclosure url="\(audio.path)" type="audio/mpeg"/></item>
                """
            }
            try """
            <?xml version="1.0"?><rss version="2.0"><channel><title>s</title>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """.write(to: home.appendingPathComponent("s.xml"), atomically: true, encoding: .utf8)
        }

        private static func day(_ number: Int) -> String { String(format: "Mon, %02d Jun 2025 10:00:00 +0000", number) }

        func run(_ arguments: [String]) throws -> ProcessResult {
            try PodlineBinary.run(arguments, home: home, environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
        }

        /// The references `arguments` prints as a JSON array of objects (or an object's `episodes`).
        func refs(_ arguments: [String]) throws -> [String] {
            let result = try run(arguments + ["--json"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: result.stdoutData)
            let array = (json as? [[String: Any]]) ?? ((json as? [String: Any])?["episodes"] as? [[String: Any]]) ?? []
            return array.compactMap { $0["ref"] as? String }
        }

        /// The queue as the library file holds it, read with sqlite3.
        func keptQueue() throws -> [String] {
            let result = try CommandRunner.run(
                "/usr/bin/sqlite3",
                [
                    home.appendingPathComponent("library.sqlite").path,
                    "SELECT 's/' || episode.number FROM playlist_item JOIN playlist ON playlist.id = playlistID"
                        + " JOIN episode ON episode.id = episodeID WHERE playlist.name = 'queue' ORDER BY playlist_item.position",
                ])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdoutLines
        }

        /// Starts `podline play ARGUMENTS --output null` and returns once it serves the socket, paused.
        func startPausedPlayer(_ arguments: [String]) throws -> Process {
            let player = Process()
            player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
            player.arguments = ["play"] + arguments + ["--output", "null", "--quiet"]
            player.environment = ProcessInfo.processInfo.environment.merging(
                [
                    "PODLINE_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path,
                    "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                ]) { $1 }
            player.standardOutput = FileHandle.nullDevice
            player.standardError = FileHandle.nullDevice
            try player.run()
            for _ in 0..<400 where try run(["pause"]).status != 0 { Thread.sleep(forTimeInterval: 0.025) }
            return player
        }
    }

    @Test("with no player, queue changes the library's queue, which playlist show, episodes and queue --json agree on")
    func queueWithoutPlayer() throws {
        let library = try Library(count: 4)
        #expect(try library.run(["queue", "add", "s/3", "s/1", "s/3"]).status == 0)
        #expect(try library.run(["playlist", "add", "queue", "s/2", "--head"]).status == 0)
        #expect(try library.keptQueue() == ["s/2", "s/3", "s/1"])
        #expect(try library.refs(["queue"]) == ["s/2", "s/3", "s/1"])
        #expect(try library.refs(["episodes", "queue"]) == ["s/2", "s/3", "s/1"])
        #expect(try library.refs(["playlist", "show", "queue"]) == ["s/2", "s/3", "s/1"])
        #expect(try library.run(["queue", "remove", "2"]).stdoutLines == ["1. s 2", "2. s 1"])
        #expect(try library.keptQueue() == ["s/2", "s/1"])

        let file = try library.run(["queue", "add", library.audio.path])
        #expect(file.status == 64 && file.stderrLines.count == 1 && file.stderr.contains("files and URLs are queued in a running player"))
        let smart = try library.run(["playlist", "add", "queue", "--unplayed"])
        #expect(smart.status == 64 && smart.stderr.contains("the player's queue"))
        let unknown = try library.run(["queue", "remove", "s/4"])
        #expect(unknown.status != 0 && unknown.stderr.contains("not in the queue"))
        #expect(try library.keptQueue() == ["s/2", "s/1"], "a refused change leaves the queue as it was")

        let emptied = try library.run(["playlist", "remove", "queue"])
        #expect(emptied.status == 0 && emptied.stdout.contains("Emptied the queue"))
        #expect(try library.keptQueue().isEmpty)
        let listed = try library.run(["playlist", "--json"])
        #expect(listed.stdout.contains(#""name":"queue""#), "the queue is never removed")
    }

    @Test("play with nothing named plays the library's queue in order, and what plays leaves it")
    func playTakesUpTheQueue() throws {
        let library = try Library(count: 3)
        #expect(try library.run(["queue", "add", "s/3", "s/1", "s/2"]).status == 0)
        let played = try library.run(["play", "--output", "null", "--fast", "--quiet"])
        #expect(played.status == 0, "\(played.stderr)")
        // Each episode is marked played as it ends: the order of playedAt is the order heard.
        let order = try CommandRunner.run(
            "/usr/bin/sqlite3",
            [library.home.appendingPathComponent("library.sqlite").path, "SELECT 's/' || number FROM episode ORDER BY playedAt"])
        #expect(order.stdoutLines == ["s/3", "s/1", "s/2"])
        #expect(try library.keptQueue().isEmpty)
    }

    @Test("a player writing a file plays what it is given and leaves the library's queue alone")
    func filePlayerLeavesTheQueue() throws {
        let library = try Library(count: 3)
        #expect(try library.run(["queue", "add", "s/2", "s/3"]).status == 0)
        let wav = library.home.appendingPathComponent("out.wav")
        let played = try library.run(["play", "s/1", "--output", "wav:\(wav.path)", "--quiet"])
        #expect(played.status == 0, "\(played.stderr)")
        let bytes = try #require(FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int)
        // One second of 22.05 kHz mono 16-bit audio (and its header), not three.
        #expect(abs(bytes - 44_100) < 8_000, "\(bytes) bytes")
        #expect(try library.keptQueue() == ["s/2", "s/3"])
    }

    @Test("a running player takes up the queue, follows another shell's change and update's auto_add at the head")
    func runningPlayerFollows() throws {
        let library = try Library(count: 3, seconds: 60)
        #expect(try library.run(["queue", "add", "s/2"]).status == 0)
        let player = try library.startPausedPlayer(["s/1"])
        defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
        #expect(try library.refs(["queue"]) == ["s/2"], "the player took up the library's queue")

        #expect(try library.run(["playlist", "add", "queue", "s/3"]).status == 0)
        #expect(try library.refs(["queue"]) == ["s/2", "s/3"], "another process's change reached the player")

        let config = library.home.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "auto_add = \"queue\"\nauto_add_at = \"head\"\n".write(
            to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try library.writeFeed(count: 5)
        let updated = try library.run(["update"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("2 new episodes added to queue (at its head)"), "\(updated.stdout)")
        #expect(try library.refs(["queue"]) == ["s/4", "s/5", "s/2", "s/3"])

        #expect(try library.run(["queue", "remove", "s/2"]).status == 0)
        #expect(try library.run(["stop"]).status == 0)
        player.waitUntilExit()
        #expect(try library.keptQueue() == ["s/4", "s/5", "s/3"], "the player kept its queue in the library")
    }
}
