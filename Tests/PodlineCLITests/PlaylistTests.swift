import Foundation
import TestSupport
import Testing

/// Playlists end to end on the built binary: a smart playlist lists what the same query made with sqlite3 on the
/// library file selects, a named one keeps its order, `play NAME` plays either in order (heard in the written WAV), and
/// bad input is one line and a documented status.
@Suite("playlists, end to end", .serialized)
struct PlaylistTests {
    /// Three shows (a, b, c) of 20 episodes each, every one of its own length and day (1 to 60 days ago, at half days, so
    /// that no age in the queries falls near one), some played, started, downloaded or favourite (set with sqlite3).
    private static func generatedLibrary() throws -> URL {
        let home = try Fixtures.temporaryDirectory("pl-playlists")
        let audio = try Fixtures.toneMP3(in: home, name: "a.mp3", seconds: 1)
        var generator = SeededGenerator(seed: 41)
        let lengths = Array(1...60).shuffled(using: &generator)
        let days = Array(1...60).shuffled(using: &generator)
        let now = Date()
        for (showIndex, show) in ["a", "b", "c"].enumerated() {
            var items = ""
            for number in 1...20 {
                let index = showIndex * 20 + number - 1
                let published = now.addingTimeInterval(-(Double(days[index]) + 0.5) * 86_400)
                items += """
                    <item><title>\(show) \(number)</title><guid>\(show)-\(number)</guid>\
                    <itunes:duration>\(lengths[index] * 90)</itunes:duration><pubDate>\(rfc822(published))</pubDate>\
                    <enclosure url="\(audio.path)" type="audio/mpeg"/></item>

                    """
            }
            try writeFeed(show, items: items, home: home)
        }
        try sql(
            """
            UPDATE episode SET isPlayed = 1 WHERE id % 5 = 0;
            UPDATE episode SET position = 120 WHERE id % 7 = 0 AND isPlayed = 0;
            UPDATE episode SET isFavorite = 1 WHERE id % 3 = 0;
            UPDATE episode SET downloadPath = 'x/' || id || '.mp3' WHERE id % 4 = 1;
            """, home: home)
        return home
    }

    /// Writes a feed for `show` and subscribes to it.
    private static func writeFeed(_ show: String, items: String, home: URL) throws {
        let feed = home.appendingPathComponent("\(show).xml")
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>\(show)</title>
        \(items)</channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        let added = try PodlineBinary.run(["add", feed.path], home: home)
        #expect(added.status == 0, "\(added.stderr)")
    }

    private static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    /// The lines sqlite3 prints for `statement` on the library file.
    @discardableResult
    private static func sql(_ statement: String, home: URL) throws -> [String] {
        let result = try CommandRunner.run("/usr/bin/sqlite3", [home.appendingPathComponent("library.sqlite").path, statement])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutLines
    }

    /// The references `words` lists as JSON.
    private static func refs(_ words: [String], home: URL) throws -> [String] {
        let listed = try PodlineBinary.run(words + ["--json"], home: home)
        #expect(listed.status == 0, "\(words): \(listed.stderr)")
        let array = try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]]
        return (array ?? []).compactMap { $0["ref"] as? String }
    }

    /// A time `days` ago as the library writes dates, for sqlite3.
    private static func ago(_ days: Int) -> String { "strftime('%Y-%m-%d %H:%M:%f', 'now', '-\(days) days')" }

    @Test("a smart playlist lists exactly what the same query made with sqlite3 on the library file selects, in its order")
    func smartEqualsSQL() throws {
        let home = try Self.generatedLibrary()
        let select = "SELECT show.slug || '/' || episode.number FROM episode JOIN show ON show.id = episode.showID WHERE "
        let cases: [(name: String, flags: [String], sql: String)] = [
            (
                "commute", ["--unplayed", "--max-duration", "40m", "--newer", "14d", "--show", "a,b", "--sort", "oldest"],
                "episode.isPlayed = 0 AND episode.duration <= 2400 AND episode.published > \(Self.ago(14)) "
                    + "AND show.slug IN ('a', 'b') ORDER BY episode.published ASC"
            ),
            (
                "started", ["--in-progress", "--sort", "longest"],
                "episode.isPlayed = 0 AND episode.position > 0 ORDER BY episode.duration DESC"
            ),
            (
                "loved", ["--favorites", "--older", "10d", "--min-duration", "30m", "--limit", "5"],
                "episode.isFavorite = 1 AND episode.published < \(Self.ago(10)) AND episode.duration >= 1800 "
                    + "ORDER BY episode.published DESC LIMIT 5"
            ),
            (
                "offline", ["--downloaded", "--unplayed", "--sort", "shortest"],
                "episode.downloadPath IS NOT NULL AND episode.isPlayed = 0 ORDER BY episode.duration ASC"
            ),
            (
                "fresh-c", ["--new", "--show", "c", "--newer", "30d", "--older", "7d"],
                "episode.isPlayed = 0 AND episode.position = 0 AND show.slug = 'c' AND episode.published > \(Self.ago(30)) "
                    + "AND episode.published < \(Self.ago(7)) ORDER BY episode.published DESC"
            ),
        ]
        for (name, flags, sql) in cases {
            let made = try PodlineBinary.run(["playlist", "add", name] + flags, home: home)
            #expect(made.status == 0, "\(name): \(made.stderr)")
            let expected = try Self.sql(select + sql, home: home)
            #expect(!expected.isEmpty, "\(name): the generated library gives the query something to find")
            #expect(try Self.refs(["episodes", name], home: home) == expected, "\(name)")
            // The same playlist through show, and the flags it keeps say the query again.
            let shown = try PodlineBinary.run(["playlist", "show", name, "--json"], home: home)
            let object = try #require(try JSONSerialization.jsonObject(with: shown.stdoutData) as? [String: Any])
            #expect((object["episodes"] as? [[String: Any]])?.compactMap { $0["ref"] as? String } == expected)
            let kept = try #require(object["query"] as? [String])
            #expect(try Self.refs(["episodes"] + kept, home: home) == expected, "\(name): \(kept)")
        }
        // Narrowed on the command line: a flag given wins over the saved one.
        #expect(
            try Self.refs(["episodes", "started", "--limit", "2"], home: home)
                == Array(try Self.refs(["episodes", "started"], home: home).prefix(2)))
        // A change of the library changes what a smart playlist lists.
        let first = try #require(try Self.refs(["episodes", "offline"], home: home).first)
        #expect(try PodlineBinary.run(["mark", first, "played"], home: home).status == 0)
        #expect(try !Self.refs(["episodes", "offline"], home: home).contains(first))
    }

    @Test("a named playlist keeps its order; play NAME plays a playlist in order, heard in the written WAV")
    func namedAndPlayed() throws {
        let home = try Fixtures.temporaryDirectory("pl-playlist-play")
        var items = ""
        for (number, frequency) in [(1, 440.0), (2, 660.0), (3, 880.0)] {
            let tone = try Fixtures.toneMP3(in: home, name: "tone-\(number).mp3", seconds: 1, frequency: frequency)
            items += """
                <item><title>tone \(number)</title><guid>tone-\(number)</guid>\
                <pubDate>Mon, 0\(number) Jan 2024 10:00:00 GMT</pubDate><enclosure url="\(tone.path)" type="audio/mpeg"/></item>

                """
        }
        try Self.writeFeed("tones", items: items, home: home)
        #expect(try PodlineBinary.run(["playlist", "add", "mix", "tones/3", "tones/1"], home: home).status == 0)
        let head = try PodlineBinary.run(["playlist", "add", "mix", "tones/2", "tones/3", "--head"], home: home)
        #expect(head.stdout == "mix: 1 episode added at its head\n", "tones/3 is in it already: \(head.stdout)")
        #expect(try Self.refs(["episodes", "mix"], home: home) == ["tones/2", "tones/3", "tones/1"])
        #expect(try PodlineBinary.run(["playlist", "add", "oldest-first", "--show", "tones", "--sort", "oldest"], home: home).status == 0)

        /// The tone heard in each second of what `play NAME` writes.
        func heard(_ name: String) throws -> [Int] {
            let out = home.appendingPathComponent("\(name).wav")
            let played = try PodlineBinary.run(["play", name, "--output", "wav:\(out.path)", "--quiet"], home: home)
            #expect(played.status == 0, "\(played.stderr)")
            let wav = try WAVFile(url: out)
            let mono = wav.mono()
            #expect(abs(wav.duration - 3) < 0.2, "three one-second episodes: \(wav.duration) s")
            return (0..<3).map { second in
                let window = Array(
                    mono[(second * wav.sampleRate + wav.sampleRate / 4)..<(second * wav.sampleRate + wav.sampleRate * 3 / 4)])
                return Int(SoundAnalysis.dominantFrequency(window, sampleRate: wav.sampleRate).rounded())
            }
        }
        #expect(try heard("mix") == [660, 880, 440])
        #expect(try heard("oldest-first") == [440, 660, 880])

        let out = try PodlineBinary.run(["playlist", "remove", "mix", "tones/3"], home: home)
        #expect(out.stdout == "mix: 1 episode taken out\n")
        #expect(try Self.refs(["episodes", "mix", "--limit", "1"], home: home) == ["tones/2"])
        let listed = try PodlineBinary.run(["playlists"], home: home)
        #expect(
            listed.stdoutLines == [
                "mix  named  2 episodes", "oldest-first  smart  3 episodes --show tones --sort oldest", "queue  named  0 episodes",
            ])
        #expect(try PodlineBinary.run(["playlist", "remove", "mix"], home: home).status == 0)
        #expect(try PodlineBinary.run(["episodes", "mix"], home: home).status == 2)
        #expect(try Self.refs(["episodes", "tones"], home: home).count == 3, "the episodes stay in the library")
    }

    @Test("bad input: one line and exit 64 (2 for what is not there), and nothing changed")
    func badInput() throws {
        let home = try Fixtures.temporaryDirectory("pl-playlist-bad")
        let tone = try Fixtures.toneMP3(in: home, name: "t.mp3", seconds: 1)
        try Self.writeFeed(
            "tones",
            items: "<item><title>t</title><guid>t</guid><enclosure url=\"\(tone.path)\" type=\"audio/mpeg\"/></item>", home: home)
        #expect(try PodlineBinary.run(["playlist", "add", "mine", "tones/1"], home: home).status == 0)
        #expect(try PodlineBinary.run(["playlist", "add", "empty"], home: home).status == 0)
        #expect(try PodlineBinary.run(["playlist", "add", "smart", "--new"], home: home).status == 0)
        let refused: [([String], Int32, String)] = [
            (["playlist", "add", "tones", "--new"], 64, "is the name of a show"),
            (["playlist", "add", "x", "--newer", "soon"], 64, "--newer takes an age"),
            (["playlist", "add", "x", "--max-duration", "long"], 64, "--max-duration takes a TIME"),
            (["playlist", "add", "x", "--sort", "loudest"], 64, "--sort takes newest, oldest"),
            (["playlist", "add", "x", "--bogus"], 64, "unknown option '--bogus'"),
            (["playlist", "add", "123", "tones/1"], 64, "a number names an episode"),
            (["playlist", "add", "queue", "--new"], 64, "the player's queue"),
            (["playlist", "add", "a/b", "--new"], 64, "cannot name a playlist"),
            (["playlist", "add", "x", "tones/1", "--new"], 64, "not both"),
            (["playlist", "add", "smart", "--unplayed"], 64, "already exists"),
            (["playlist", "add", "smart", "tones/1"], 64, "is a smart playlist"),
            (["playlist", "edit", "mine", "--new"], 64, "is a named playlist"),
            (["playlist", "remove", "smart", "tones/1"], 64, "is a smart playlist"),
            (["playlist", "frob", "x"], 64, "unknown action 'frob'"),
            (["episodes", "mine", "--new"], 64, "only --limit applies"),
            (["playlist", "add", "mine", "tones/9"], 2, "tones/9: no such episode"),
            (["playlist", "show", "nosuch"], 2, "nosuch: no such playlist"),
            (["play", "empty", "--output", "null"], 2, "empty: the playlist is empty"),
            (["play", "nosuch", "--output", "null"], 2, "no such file, episode, show or playlist"),
        ]
        for (words, status, message) in refused {
            let result = try PodlineBinary.run(words, home: home)
            #expect(result.status == status, "\(words): \(result.stderr)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(words): \(result.stderr)")
        }
        let listed = try PodlineBinary.run(["playlist", "--json"], home: home)
        #expect(
            listed.stdout
                == #"[{"name":"empty","kind":"named","query":null,"episodes":0},{"name":"mine","kind":"named","query":null,"episodes":1},{"name":"queue","kind":"named","query":null,"episodes":0},{"name":"smart","kind":"smart","query":["--new"],"episodes":1}]"#
                + "\n")
    }
}
