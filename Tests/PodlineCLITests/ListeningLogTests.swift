import Foundation
import TestSupport
import Testing

/// The listening log end to end: what a player hears is kept stretch by stretch (`history`), its sums (`stats --by`)
/// agree with the player's own clock and with sqlite3's sums over the library file, and a killed player loses at most
/// the few seconds since its last save.
@Suite("the listening log", .serialized)
struct ListeningLogTests {
    /// A library of one show `talk` whose episodes all play `audio`.
    private struct Library {
        let home: URL
        let environment: [String: String?]

        init(_ name: String, audio: URL, home: URL, episodes: Int = 2) throws {
            self.home = home
            environment = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "XDG_RUNTIME_DIR": home.path]
            let items = (1...episodes).map { number in
                """
                <item><title>Talk \(number), "quoted", with a comma</title><guid>talk-\(number)</guid>\
                <pubDate>Mon, 0\(number) Jan 2024 10:00:00 GMT</pubDate><enclosure url="\(audio.path)" type="audio/mpeg"/></item>
                """
            }
            let feed = home.appendingPathComponent("\(name).xml")
            try """
            <?xml version="1.0"?><rss version="2.0"><channel><title>\(name)</title>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """.write(to: feed, atomically: true, encoding: .utf8)
            let added = try run(["add", feed.path])
            #expect(added.status == 0, "\(added.stderr)")
        }

        func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> ProcessResult {
            try PodlineBinary.run(arguments, home: home, environment: environment, timeout: timeout)
        }

        func json(_ arguments: [String]) throws -> Any {
            let result = try run(arguments + ["--json"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try JSONSerialization.jsonObject(with: result.stdoutData)
        }

        func sqlite(_ statement: String) throws -> [String] {
            let result = try CommandRunner.run("/usr/bin/sqlite3", [home.appendingPathComponent("library.sqlite").path, statement])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdoutLines
        }
    }

    /// 3 s of tone and 2 s of silence, three times: 15 s.
    private static func speech(in folder: URL) throws -> URL {
        let unit = folder.appendingPathComponent("unit.wav")
        try CommandRunner.tool(
            "sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", unit.path, "synth", "3", "sine", "440", "vol", "0.5", "pad", "0", "2"])
        let whole = folder.appendingPathComponent("whole.wav")
        try CommandRunner.tool("sox", [unit.path, whole.path, "repeat", "2"])
        let mp3 = folder.appendingPathComponent("talk.mp3")
        try CommandRunner.tool("lame", ["--quiet", "-b", "128", whole.path, mp3.path])
        return mp3
    }

    @Test("heard in real time at 1.5x with skip silence, paused once: the log's time equals the length the same listening writes")
    func sessionMatchesThePlayersClock() throws {
        let home = try Fixtures.temporaryDirectory("pl-log-session")
        let library = try Library("talk", audio: try Self.speech(in: home), home: home)
        // The reference: the same episode, speed and skip silence written to a file.
        let out = home.appendingPathComponent("ref.wav")
        let written = try library.run(["play", "talk/2", "--speed", "1.5", "--skip-silence", "--output", "wav:\(out.path)", "--quiet"])
        #expect(written.status == 0, "\(written.stderr)")
        let reference = try WAVFile(url: out).duration

        let player = try BackgroundProcess.podline(
            ["play", "talk/1", "--speed", "1.5", "--skip-silence", "--output", "null", "--quiet"], home: home,
            environment: library.environment)
        defer { _ = player.killNow() }
        Thread.sleep(forTimeInterval: 3)
        #expect(try library.run(["pause"]).status == 0)
        Thread.sleep(forTimeInterval: 1)
        #expect(try library.run(["resume"]).status == 0)
        #expect(player.wait(timeout: 30) == 0, "the player did not end")

        let stretches = try #require(try library.json(["history", "--show", "talk"]) as? [[String: Any]])
        let first = stretches.filter { $0["ref"] as? String == "talk/1" }
        #expect(first.count == 2, "a pause ends a stretch: \(first)")
        #expect(first.allSatisfy { $0["speed"] as? Double == 1.5 && $0["output"] as? String == "null" })
        #expect(abs((first.first?["from"] as? Double ?? -1)) < 0.01)
        #expect(abs((first.last?["to"] as? Double ?? 0) - 15) < 0.2, "\(first)")
        #expect(
            abs((first[0]["to"] as? Double ?? 0) - (first[1]["from"] as? Double ?? 1)) < 0.3, "the second goes on where the first ended")
        let heard = first.reduce(0) { $0 + ($1["heard"] as? Double ?? 0) }
        #expect(abs(heard - reference) <= 0.5, "the log heard \(heard) s; the same listening writes \(reference) s")
        // The pause is not listening: wall time between the two stretches is left out.
        let sums = try #require(try library.json(["stats", "--since", "1d"]) as? [String: Any])
        let total = try #require(sums["heard"] as? Double)
        #expect(abs(total - heard - reference) <= 1.0, "today's sum holds both listenings: \(total)")
        #expect(sums["finished"] as? Int == 2)

        // CSV, read with python3's csv module, says what the JSON says.
        let csv = try library.run(["history", "--csv"])
        let script = "import csv, sys, json; print(json.dumps([r for r in csv.DictReader(sys.stdin)]))"
        let parsed = try CommandRunner.run("/usr/bin/python3", ["-c", script], stdin: csv.stdoutData)
        let rows = try #require(try JSONSerialization.jsonObject(with: parsed.stdoutData) as? [[String: String]])
        let all = try #require(try library.json(["history"]) as? [[String: Any]])
        #expect(rows.count == all.count)
        #expect(rows.map { $0["title"] } == all.map { $0["title"] as? String })
        #expect(zip(rows, all).allSatisfy { abs((Double($0["heard"] ?? "") ?? -1) - ($1["heard"] as? Double ?? 0)) < 0.001 })
    }

    @Test("search --heard finds only the transcript cues said within the stretches heard, at their times")
    func searchWhatWasHeard() throws {
        let vtt = """
            WEBVTT

            00:02.000 --> 00:03.000
            A zebra at the start.

            00:05.000 --> 00:06.000
            An apple early on.

            00:15.000 --> 00:16.000
            The zebra in the middle.

            00:30.000 --> 00:31.000
            A zebra near the end.

            """
        let (home, server, ref) = try TranscriptTests.servedEpisode("Stripes", seconds: 40, vtt: vtt)
        defer { server.stop() }
        #expect(try PodlineBinary.run(["transcript", ref], home: home).status == 0)
        let out = home.appendingPathComponent("heard.wav")
        let played = try PodlineBinary.run(
            ["play", ref, "--start", "10", "--duration", "12", "--output", "wav:\(out.path)", "--quiet"], home: home)
        #expect(played.status == 0, "\(played.stderr)")
        func times(_ words: [String]) throws -> [Double] {
            let result = try PodlineBinary.run(["search"] + words + ["--json"], home: home)
            #expect(result.status == 0, "\(result.stderr)")
            let hits = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
            return hits.filter { $0["kind"] as? String == "transcript" }.compactMap { $0["time"] as? Double }.sorted()
        }
        #expect(try times(["zebra"]) == [2, 15, 30])
        #expect(try times(["zebra", "--heard"]) == [15])
        #expect(try times(["apple", "--heard"]).isEmpty)
        let text = try PodlineBinary.run(["search", "zebra", "--heard"], home: home)
        #expect(text.stdout.contains("podline play \(ref) --start 00:15"), "\(text.stdout)")
    }

    @Test("kill -9 while playing loses at most 5 s of the log")
    func killedPlayerLosesLittle() throws {
        let home = try Fixtures.temporaryDirectory("pl-log-kill")
        let audio = try Fixtures.toneMP3(in: home, name: "long.mp3", seconds: 60, rate: 22_050, channels: 1, bitrate: 32)
        let library = try Library("talk", audio: audio, home: home, episodes: 1)
        let player = try BackgroundProcess.podline(
            ["play", "talk/1", "--output", "null", "--quiet"], home: home, environment: library.environment)
        defer { _ = player.killNow() }
        var position = 0.0
        for _ in 0..<200 where position < 9 {
            Thread.sleep(forTimeInterval: 0.1)
            let status = try? library.json(["status"]) as? [String: Any]
            position = status?["position"] as? Double ?? 0
        }
        #expect(player.killNow())
        let stretches = try #require(try library.json(["history"]) as? [[String: Any]])
        let to = try #require(stretches.last?["to"] as? Double)
        #expect(position - to <= 5 && to <= position + 0.5, "heard to \(position) s; the log kept \(to) s")
    }

    @Test("stats --by over 100,000 stretches equals sqlite3's sums on the library file")
    func sumsMatchSQLite() throws {
        let home = try Fixtures.temporaryDirectory("pl-log-sums")
        let audio = try Fixtures.toneMP3(in: home, name: "a.mp3", seconds: 1, rate: 22_050, channels: 1, bitrate: 32)
        let library = try Library("talk", audio: audio, home: home, episodes: 5)
        _ = try Library("news", audio: audio, home: home, episodes: 5)
        // Stretches over 400 days, at speeds 0.8 to 2.4, some with silence left out, a few reaching back past each other.
        _ = try library.sqlite(
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
            INSERT INTO listening (episodeID, fromPosition, toPosition, startedAt, endedAt, speed, silenceSkipped, output)
            SELECT (i % 10) + 1, (i % 97) * 3.5, (i % 97) * 3.5 + (i % 13) * 11.25, 1700000000 + i * 345.6,
                1700000000 + i * 345.6 + 60, 0.8 + (i % 9) * 0.2, CASE WHEN i % 4 = 0 THEN (i % 7) * 0.75 ELSE 0 END, 'null'
            FROM n;
            UPDATE episode SET isPlayed = 1 WHERE id IN (2, 7);
            UPDATE episode SET playedAt = 1700000000 + id * 86400 WHERE id IN (2, 7);
            """)
        let heard = "MAX(0, toPosition - fromPosition - silenceSkipped) / MAX(speed, 0.01)"
        let content = "MAX(0, toPosition - fromPosition - silenceSkipped)"
        for (by, key) in [
            ("month", "strftime('%Y-%m', startedAt, 'unixepoch')"), ("day", "date(startedAt, 'unixepoch')"),
            ("show", "(SELECT slug FROM show WHERE show.id = (SELECT showID FROM episode WHERE episode.id = episodeID))"),
        ] {
            let expected = try library.sqlite(
                "SELECT \(key), printf('%.3f', SUM(\(heard))), printf('%.3f', SUM(\(content)) - SUM(\(heard))),"
                    + " printf('%.3f', SUM(silenceSkipped)) FROM listening GROUP BY 1 ORDER BY 1")
            let groups = try #require(try library.json(["stats", "--by", by]) as? [[String: Any]])
            let made = groups.filter { ($0["heard"] as? Double ?? 0) > 0 }.map { group in
                [group[by] as? String ?? "", group["heard"], group["saved_by_speed"], group["saved_by_silence"]]
                    .map { value in (value as? Double).map { String(format: "%.3f", $0) } ?? (value as? String ?? "") }
                    .joined(separator: "|")
            }
            #expect(made == expected, "by \(by): \(made.prefix(3)) against \(expected.prefix(3))")
        }
        let months = try #require(try library.json(["stats", "--by", "month"]) as? [[String: Any]])
        #expect(months.reduce(0) { $0 + ($1["finished"] as? Int ?? 0) } == 2)
        // Every episode but the two finished was begun and has not been heard for over 30 days.
        #expect(months.reduce(0) { $0 + ($1["abandoned"] as? Int ?? 0) } == 8)
        // A removed show's listening is not counted, before its rows are purged (at the next update) and after.
        let talk = try #require(try library.json(["stats", "--by", "show"]) as? [[String: Any]]).first { $0["show"] as? String == "talk" }
        #expect(try library.run(["remove", "news"]).status == 0)
        for _ in 0..<2 {
            let shows = try #require(try library.json(["stats", "--by", "show"]) as? [[String: Any]])
            #expect(shows.compactMap { $0["show"] as? String } == ["talk"])
            #expect(shows.first?["heard"] as? Double == talk?["heard"] as? Double)
            #expect(try library.run(["update"]).status == 0)
        }
        #expect(try library.sqlite("SELECT count(*) FROM listening_day WHERE showID NOT IN (SELECT id FROM show)") == ["0"])
        let bad = try library.run(["stats", "--by", "year"])
        #expect(bad.status == 64 && bad.stderrLines.count == 1 && bad.stderr.contains("--by takes show, day, week, month"))
        #expect(try library.run(["history", "--since", "soon"]).status == 64)
        #expect(try library.run(["history", "--csv", "--json"]).status == 64)
    }
}
