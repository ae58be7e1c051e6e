import Foundation
import TestSupport
import Testing

/// Download and retention rules, end to end on the built binary: a feed served on 127.0.0.1 grows, `update` downloads
/// what the rules let through and deletes what retention no longer keeps, saying each deletion.
@Suite("download and retention rules, end to end", .serialized)
struct DownloadRulesTests {
    /// A show whose feed can be rewritten, subscribed in a fresh library, its first three episodes downloaded and played.
    private struct Library {
        let home: URL
        let served: URL
        let server: SlowFileServer
        let tone: Data

        init() throws {
            home = try Fixtures.temporaryDirectory("pl-rules")
            served = home.appendingPathComponent("served")
            try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
            tone = try Data(contentsOf: try Fixtures.toneMP3(in: served, name: "tone.mp3", seconds: 1))
            server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
            try serve(new: [])
            let added = try run(["add", server.url("daily.xml")])
            #expect(added.status == 0, "\(added.stderr)")
            let downloaded = try run(["download", "daily/1", "daily/2", "daily/3"])
            #expect(downloaded.status == 0, "\(downloaded.stderr)")
            #expect(try run(["mark", "daily", "played"]).status == 0)
        }

        /// Writes the feed: the three first episodes (ten minutes each, 1–3 January), then `new` (title, minutes),
        /// newest first, published from 1 February on.
        func serve(new: [(String, Int)]) throws {
            var items = ""
            let all =
                new.enumerated().map { index, item in (item.0, item.1, "2024-02-\(String(format: "%02d", 10 - index))") }
                + (1...3).reversed().map { ("daily \($0)", 10, "2024-01-0\($0)") }
            for (index, (title, minutes, day)) in all.enumerated() {
                let file = "episode-\(all.count - index).mp3"
                try tone.write(to: served.appendingPathComponent(file))
                items += """
                    <item><title>\(title)</title><guid>\(title)</guid><itunes:duration>\(minutes):00</itunes:duration>\
                    <pubDate>\(Self.rfc822(day))</pubDate>\
                    <enclosure url="\(server.url(file))" type="audio/mpeg" length="\(tone.count)"/></item>
                    """
            }
            let feed = """
                <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">\
                <channel><title>daily</title>\(items)</channel></rss>
                """
            try feed.write(to: served.appendingPathComponent("daily.xml"), atomically: true, encoding: .utf8)
        }

        private static func rfc822(_ day: String) -> String {
            let parts = day.split(separator: "-").map { Int($0)! }
            let month = ["Jan", "Feb"][parts[1] - 1]
            return "\(parts[2]) \(month) \(parts[0]) 08:00:00 +0000"
        }

        func configure(_ text: String) throws {
            let folder = home.appendingPathComponent(".config/podline")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("config.toml"))
        }

        func run(_ arguments: [String]) throws -> ProcessResult {
            try PodlineBinary.run(arguments, home: home, environment: ["NO_COLOR": "1"])
        }

        /// Episodes as `episodes --json` lists them.
        func episodes(_ arguments: [String] = []) throws -> [[String: Any]] {
            let listed = try run(["episodes"] + arguments + ["--json"])
            return (try? JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]]) ?? []
        }

        /// The titles of the downloaded episodes, newest first.
        func downloadedTitles() throws -> [String] {
            try episodes(["--downloaded"]).compactMap { $0["title"] as? String }
        }

        /// Runs SQL on the library file with the sqlite3 program.
        func sql(_ statement: String) throws {
            let database = home.appendingPathComponent("library.sqlite").path
            let result = try CommandRunner.run("/usr/bin/sqlite3", [database, statement])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    /// Every line of `text` read as a JSON object.
    private static func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }

    @Test("an update that finds 5 new episodes downloads the 2 newest of the 3 that match, prunes by retention, says each deletion")
    func updateAppliesRules() throws {
        let library = try Library()
        defer { library.server.stop() }
        #expect(try library.run(["fav", "daily/1"]).status == 0)
        #expect(try library.run(["playlist", "add", "later", "daily/1"]).status == 0)
        try library.configure(
            """
            auto_download = 5
            auto_add = "later"
            [shows.daily]
            auto_add_at = "head"
            auto_download = 2
            download_include = ["(?i)interview"]
            download_exclude = "(?i)trailer"
            download_min_duration = "5m"
            retention = 1
            """)
        try library.serve(new: [
            ("Interview with Ada", 20), ("Trailer: the interview season", 2), ("News roundup", 20), ("Interview with Bo", 3),
            ("INTERVIEW with Cy", 30), ("Interview with Di", 25),
        ])
        let files = try library.episodes(["--downloaded"]).compactMap { $0["file"] as? String }
        let updated = try library.run(["update", "--json"])
        #expect(updated.status == 0, "\(updated.stderr)")
        let lines = Self.objects(updated.stdout)
        let feed = try #require(lines.first { $0["show"] as? String == "daily" })
        #expect(feed["new"] as? Int == 6)
        #expect(try library.downloadedTitles() == ["Interview with Ada", "INTERVIEW with Cy", "daily 1"])
        let deletions = lines.compactMap { $0["event"] as? String == "download-deleted" ? $0["data"] as? [String: Any] : nil }
        #expect(deletions.compactMap { $0["ref"] as? String } == ["daily/3", "daily/2"], "\(updated.stdout)")
        #expect(deletions.allSatisfy { $0["reason"] as? String == "keep" && $0["limit"] as? Int == 1 })
        #expect(deletions.compactMap { $0["deleted"] as? String } == [files[0], files[1]])
        #expect(files.map { FileManager.default.fileExists(atPath: $0) } == [false, false, true], "the favourite stays")
        // The three that match are added to the named playlist's head, oldest first.
        let later = try library.episodes(["later"]).compactMap { $0["title"] as? String }
        #expect(later == ["Interview with Di", "INTERVIEW with Cy", "Interview with Ada", "daily 1"])
        let added = try #require(lines.first { $0["playlist"] as? String == "later" })
        #expect(added["at"] as? String == "head" && (added["added"] as? [String])?.count == 3)
    }

    @Test("retention = 1 with three played downloads: an update that finds one new episode keeps only the newest")
    func retentionOnUpdate() throws {
        let library = try Library()
        defer { library.server.stop() }
        try library.configure("retention = 1\n")
        try library.serve(new: [("daily 4", 10)])
        let updated = try library.run(["update"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try library.downloadedTitles() == ["daily 3"])
        let said = updated.stdout.split(separator: "\n").filter { $0.contains("deleted") }
        #expect(said.count == 2 && said.allSatisfy { $0.hasSuffix("(played, older than the 1 newest download kept)") }, "\(updated.stdout)")
        #expect(said.first?.hasPrefix("daily/2: deleted ") == true)
    }

    @Test("delete_played_after: a download played longer ago goes at the next download; one in progress never does")
    func deletePlayedAfter() throws {
        let library = try Library()
        defer { library.server.stop() }
        try library.configure("[shows.daily]\ndelete_played_after = \"7d\"\n")
        // daily/3 played ten days ago, daily/2 six days ago; daily/1 played long ago but started again.
        let now = Date().timeIntervalSince1970
        try library.sql(
            "UPDATE episode SET playedAt = \(now - 10 * 86_400) WHERE number = 3; UPDATE episode SET playedAt = \(now - 6 * 86_400) "
                + "WHERE number = 2; UPDATE episode SET playedAt = \(now - 30 * 86_400), position = 42 WHERE number = 1;")
        let result = try library.run(["download", "--new"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("daily/3: deleted ") && result.stdout.contains("(played more than 1w ago)"), "\(result.stdout)")
        #expect(try library.downloadedTitles() == ["daily 2", "daily 1"])
    }

    @Test("a rule that is not a rule: one line naming the key, exit 78; show set refuses it with 64 and leaves the file")
    func badRules() throws {
        let library = try Library()
        defer { library.server.stop() }
        try library.configure("[shows.daily]\ndownload_include = \"(unclosed\"\n")
        let bad = try library.run(["update"])
        #expect(bad.status == 78)
        #expect(bad.stderrLines.count == 1 && bad.stderr.contains("shows.daily.download_include"), "\(bad.stderr)")
        try library.configure("delete_played_after = \"soon\"\n")
        let age = try library.run(["shows"])
        #expect(age.status == 78 && age.stderr.contains("delete_played_after"), "\(age.stderr)")
        try library.configure("")
        let set = try library.run(["show", "daily", "set", "download_min_duration", "a while"])
        #expect(set.status == 64 && set.stderrLines.count == 1, "\(set.stderr)")
        let good = try library.run(["show", "daily", "set", "download_exclude", "[\"(?i)trailer\", \"^Bonus\"]"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "daily: download_exclude = [\"(?i)trailer\", \"^Bonus\"]\n")
    }
}
