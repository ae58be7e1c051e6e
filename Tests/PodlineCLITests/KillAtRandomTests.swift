import Foundation
import TestSupport
import Testing

@testable import PodcastKit

/// `kill -9` at random moments of `sync`, `import` and `clip`, each checked afterwards and finished by the next run.
@Suite("kill -9 at random moments of sync, import and clip", .serialized)
struct KillAtRandomTests {
    // The moments are drawn from a seeded generator (`PODLINE_FAULT_SEED=N` repeats a run; every failure names the
    // seed) over the length of one uninterrupted run of the same work, measured first. A good share of the kills must
    // land while the work is half done, and each kind prints one line: how many kills, how many mid-work, the seed.

    /// How many kills each kind of work gets.
    static let repetitions = LongRun.isFull ? 100 : 12

    // MARK: running podline

    /// The environment of a run whose library, home, runtime folder and config.toml are all in `home`.
    private static func environment(_ home: URL) -> [String: String?] {
        ["HOME": home.path, "XDG_RUNTIME_DIR": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
    }

    /// Runs podline in `home` to its end.
    private static func podline(_ words: [String], home: URL) throws -> ProcessResult {
        try PodlineBinary.run(words, home: home, environment: environment(home), timeout: 180)
    }

    /// Runs podline in `home` to its end, and throws when it fails.
    @discardableResult
    private static func must(_ words: [String], home: URL) throws -> ProcessResult {
        let result = try podline(words, home: home)
        guard result.status == 0 else {
            throw TestSupportError("podline \(words.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return result
    }

    /// Starts podline in `home` in the background, to be killed.
    private static func start(_ words: [String], home: URL) throws -> BackgroundProcess {
        try BackgroundProcess.podline(words, home: home, environment: environment(home))
    }

    /// Runs `body`, and throws what it throws again with `seed` added, so that every failure names the seed.
    private static func seeded(_ seed: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw TestSupportError("\(error); \(seed)")
        }
    }

    /// Seconds since `start`, to the millisecond.
    private static func seconds(since start: Date) -> Double {
        (Date().timeIntervalSince(start) * 1000).rounded() / 1000
    }

    // MARK: the library, read by the sqlite3 shell

    /// A show as the library keeps it: its feed URL, the episode count kept on it, and the episodes stored.
    private struct StoredShow {
        var url: String
        var counted: Int
        var stored: Int
    }

    /// The library file in the library folder `home` (`LibraryPaths.database`).
    private static func database(_ home: URL) -> URL {
        home.appendingPathComponent("library.sqlite")
    }

    /// Runs the sqlite3 shell on the library in `home` with `sql` (a statement or a dot command).
    private static func sqlite(_ sql: String, home: URL, options: [String] = []) throws -> ProcessResult {
        guard let shell = CommandRunner.which("sqlite3") else { throw TestSupportError("sqlite3 is not installed") }
        return try CommandRunner.run(shell, options + [database(home).path, sql])
    }

    /// What `PRAGMA integrity_check` says of the library in `home` (`ok` when it is whole).
    private static func integrity(_ home: URL) throws -> String {
        let result = try sqlite("PRAGMA integrity_check", home: home)
        return (result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The rows `sql` reads from the library in `home`, as the sqlite3 shell prints them in JSON.
    private static func rows(_ sql: String, home: URL) throws -> [[String: Any]] {
        let result = try sqlite(sql, home: home, options: ["-json"])
        guard result.status == 0 else { throw TestSupportError("sqlite3 \(sql): \(result.stderr)") }
        guard !result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        return try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]] ?? []
    }

    /// The one number that `sql` reads from the library in `home` (a count).
    private static func number(_ sql: String, home: URL) throws -> Int {
        let row = try rows(sql, home: home).first
        return row?.values.first as? Int ?? 0
    }

    /// Every show of the library in `home`.
    private static func shows(_ home: URL) throws -> [StoredShow] {
        let sql = """
            SELECT s.feedURL AS url, s.episodeCount AS counted,
                (SELECT COUNT(*) FROM live_episode e WHERE e.showID = s.id) AS stored
            FROM live_show s
            """
        return try rows(sql, home: home).map {
            StoredShow(url: $0["url"] as? String ?? "", counted: $0["counted"] as? Int ?? -1, stored: $0["stored"] as? Int ?? -1)
        }
    }

    /// What is wrong with `shows` against `feeds` (URL and episode count): a show not whole, of no such feed, or twice.
    private static func showProblems(_ shows: [StoredShow], feeds: [String: Int]) -> [String] {
        var problems: [String] = []
        for show in shows {
            guard let count = feeds[show.url] else {
                problems.append("\(show.url): no feed of this test")
                continue
            }
            if show.stored != count || show.counted != count {
                problems.append("\(show.url): \(show.stored) episodes stored and \(show.counted) counted, its feed has \(count)")
            }
        }
        let urls = shows.map(\.url)
        if Set(urls).count != urls.count { problems.append("a feed is subscribed twice: \(urls.sorted())") }
        return problems
    }

    /// Writes the feed `NAME.xml` into `folder`: `count` episodes of `seconds` each, GUIDs `NAME-N`, audio at `enclosure(N)`.
    private static func writeFeed(
        _ name: String, title: String, count: Int, seconds: Int, in folder: URL, enclosure: (Int) -> String
    ) throws {
        var items = ""
        for number in 1...count {
            items += "<item><title>\(title) \(number)</title><guid>\(name)-\(number)</guid>"
            items += "<pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><itunes:duration>\(seconds)</itunes:duration>"
            items += "<enclosure url=\"\(enclosure(number))\" type=\"audio/mpeg\" length=\"1000\"/></item>\n"
        }
        let feed = """
            <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <title>\(title)</title>
            \(items)</channel></rss>

            """
        try feed.write(to: folder.appendingPathComponent("\(name).xml"), atomically: true, encoding: .utf8)
    }

    // MARK: sync

    /// One episode action as the server lists it: the episode's audio, the action, and its position when it has one.
    private struct ActionKey: Hashable, CustomStringConvertible {
        var episode: String
        var action: String
        var position: Int?

        var description: String { "\(action)\(position.map { " to \($0) s" } ?? "") of \(episode)" }
    }

    /// The terminal's device on the server.
    private static let deskDevice = "podline-desk"
    /// The phone's device on the server.
    private static let phoneDevice = "phone"
    /// Episodes in each of the terminal's four big shows, two of which it marks played or unplayed every round.
    private static let deskEpisodes = 2500
    /// Episodes of the phone's own show, each of which the phone plays a stretch of every round.
    private static let pocketEpisodes = 300

    /// Where the phone leaves pocket episode `number` in round `round`: somewhere else each round, never near the end.
    private static func pocketPosition(round: Int, number: Int) -> Int {
        10 + (round * 97 + number * 13) % 2700
    }

    /// The phone's upload of many plays in one request, with mygpoclient (`Tests/sync` is its first argument).
    private static let uploadScript = """
        import json, sys
        sys.path.insert(0, sys.argv[1])
        from mygpoclient import api
        import gpodder_client
        folder, server, user, password, device, path = sys.argv[1:7]
        client = gpodder_client.client(server, user, password)
        plays = [
            api.EpisodeAction(play["podcast"], play["episode"], "play", device=device, timestamp=play["timestamp"],
                              started=0, position=play["position"], total=play["total"])
            for play in json.load(open(path))
        ]
        client.upload_episode_actions(plays)
        print("{}")
        """

    /// Runs the phone (mygpoclient) against `server`, and returns the JSON it prints.
    private static func phone(_ server: GPodderServer, _ words: [String]) throws -> Any {
        try server.phone(SyncTests.user, password: SyncTests.password, device: phoneDevice, words)
    }

    /// Sends the plays of the JSON file `plays` from the phone to `server` in one request, with `script`.
    private static func upload(_ plays: URL, to server: GPodderServer, script: URL) throws {
        let arguments = [
            script.path, GPodderServer.root.appendingPathComponent("Tests/sync").path, server.url, SyncTests.user, SyncTests.password,
            phoneDevice, plays.path,
        ]
        let result = try CommandRunner.run(GPodderServer.python, arguments)
        guard result.status == 0 else { throw TestSupportError("the phone's upload failed: \(result.stderr.suffix(1500))") }
    }

    /// The terminal's actions on the server from the second `since` on (0: all of them), each with how often it is there.
    private static func deskActions(on server: GPodderServer, since: Int) throws -> [ActionKey: Int] {
        let answer = try phone(server, ["actions", "\(since)"]) as? [String: Any]
        var counts: [ActionKey: Int] = [:]
        for action in answer?["actions"] as? [[String: Any]] ?? [] where action["device"] as? String == deskDevice {
            let key = ActionKey(
                episode: action["episode"] as? String ?? "", action: action["action"] as? String ?? "",
                position: action["position"] as? Int)
            counts[key, default: 0] += 1
        }
        return counts
    }

    /// The audio URLs of the episodes of the show whose feed is `feed`, in the library in `home`.
    private static func enclosures(of feed: String, home: URL) throws -> [String] {
        let sql = "SELECT e.enclosureURL AS url FROM live_episode e JOIN live_show s ON s.id = e.showID WHERE s.feedURL = '\(feed)'"
        return try rows(sql, home: home).compactMap { $0["url"] as? String }
    }

    /// The pocket episodes in the library in `home` that stand where the phone left them in round `round`, and the others.
    private static func pockets(round: Int, home: URL) throws -> (matching: Int, wrong: [String]) {
        var matching = 0
        var wrong: [String] = []
        for row in try rows("SELECT guid, position, isPlayed FROM live_episode WHERE guid LIKE 'pocket-%'", home: home) {
            let guid = row["guid"] as? String ?? ""
            let number = Int(guid.dropFirst("pocket-".count)) ?? -1
            let position = row["position"] as? Double ?? -1
            if position == Double(pocketPosition(round: round, number: number)) && row["isPlayed"] as? Int == 0 {
                matching += 1
            } else {
                wrong.append("\(guid) at \(position) s")
            }
        }
        return (matching, wrong)
    }

    /// How many episodes of the show whose feed is `feed` are marked played in the library in `home`.
    private static func playedCount(of feed: String, home: URL) throws -> Int {
        try number(
            "SELECT COUNT(*) FROM live_episode e JOIN live_show s ON s.id = e.showID WHERE s.feedURL = '\(feed)' AND e.isPlayed",
            home: home)
    }

    /// Waits for the clock's next whole second, and returns it (seconds since 1970).
    private static func nextSecond() -> Int {
        let next = (Date().timeIntervalSince1970 + 1).rounded(.down)
        Thread.sleep(until: Date(timeIntervalSince1970: next + 0.01))
        return Int(next)
    }

    @Test(
        "kill -9 at random moments of sync, thousands of actions each way: integrity ok, the next sync finishes, both sides agree"
    )
    func killDuringSync() throws {
        var random = SeededGenerator()
        let seed = "\(random)"
        try Self.seeded(seed) {
            let server = try GPodderServer()
            defer { server.stop() }
            try server.register(SyncTests.user, password: SyncTests.password)
            let folder = try Fixtures.temporaryDirectory("pl-kill-sync")
            let web = try Fixtures.subfolder("web", in: folder)
            let files = try SlowFileServer(folder: web, chunkBytes: 16_384, delay: 0.02)
            defer { files.stop() }
            // Every feed of the test and its episode count: four big shows of the terminal's, one it listens to, the
            // phone's own show, and one more the phone subscribes to each round.
            var feeds: [String: Int] = [:]
            for show in 0..<4 {
                try Self.writeFeed("desk\(show)", title: "Desk \(show)", count: Self.deskEpisodes, seconds: 3600, in: web) {
                    files.url("desk\(show)-\($0).mp3")
                }
                feeds[files.url("desk\(show).xml")] = Self.deskEpisodes
            }
            _ = try Fixtures.toneMP3(in: web, name: "heard.mp3", seconds: 20)
            try Self.writeFeed("heard", title: "Heard", count: 20, seconds: 20, in: web) { files.url("heard.mp3") + "?n=\($0)" }
            feeds[files.url("heard.xml")] = 20
            try Self.writeFeed("pocket", title: "Pocket", count: Self.pocketEpisodes, seconds: 3600, in: web) {
                files.url("pocket-\($0).mp3")
            }
            feeds[files.url("pocket.xml")] = Self.pocketEpisodes
            let script = folder.appendingPathComponent("upload.py")
            try Self.uploadScript.write(to: script, atomically: true, encoding: .utf8)
            let plays = folder.appendingPathComponent("plays.json")
            let heardOutput = "wav:\(folder.path)/heard.wav"

            // The terminal before it has a sync server: its shows, one of them marked played, and a stretch heard. Its
            // first sync must send all of it: the subscriptions, and where each of those episodes stands.
            let desk = try Fixtures.subfolder("desk", in: folder)
            for show in 0..<4 { try Self.must(["add", files.url("desk\(show).xml")], home: desk) }
            try Self.must(["add", files.url("heard.xml")], home: desk)
            try Self.must(["mark", "desk-3", "played"], home: desk)
            try Self.must(["play", "heard/1", "--start", "4", "--duration", "1", "--output", heardOutput], home: desk)
            var standing = Set(
                try Self.enclosures(of: files.url("desk3.xml"), home: desk).map { ActionKey(episode: $0, action: "play", position: 3600) })
            let stretches = "SELECT enclosureURL AS url, position FROM live_episode WHERE position > 0 AND NOT isPlayed"
            for row in try Self.rows(stretches, home: desk) {
                standing.insert(
                    ActionKey(episode: row["url"] as? String ?? "", action: "play", position: Int(row["position"] as? Double ?? 0)))
            }
            try SyncTests.configure(desk, server: server.url, extra: "auto = false", device: Self.deskDevice)
            _ = try Self.phone(server, ["register"])
            _ = try Self.phone(server, ["subscribe", files.url("pocket.xml")])

            var played = [false, false, false, true]
            var measured = 0.0
            var midWork = 0
            var roundsSentTwice = 0
            var roundsLosing = 0
            var reported = Set<String>()
            for round in 1...Self.repetitions {
                // A round's actions are told from earlier ones by their time: each round starts on a new second.
                let since = Self.nextSecond()
                var expected = round == 1 ? standing : []
                // The terminal marks two big shows played or unplayed: 5,000 actions, five requests of 1,000.
                let marking = [(2 * round - 2) % 4, (2 * round - 1) % 4]
                for show in marking {
                    played[show].toggle()
                    try Self.must(["mark", "desk-\(show)", played[show] ? "played" : "unplayed"], home: desk)
                    for url in try Self.enclosures(of: files.url("desk\(show).xml"), home: desk) {
                        expected.insert(ActionKey(episode: url, action: played[show] ? "play" : "new", position: played[show] ? 3600 : nil))
                    }
                }
                let marked = Date()
                // The phone subscribes to a new show and stops every pocket episode somewhere new.
                let late = "late\(round)"
                try Self.writeFeed(late, title: "Late \(round)", count: 40, seconds: 1200, in: web) { files.url("\(late)-\($0).mp3") }
                feeds[files.url("\(late).xml")] = 40
                let time = SyncTests.utc(Date())
                let batch = (1...Self.pocketEpisodes).map { number -> [String: Any] in
                    [
                        "podcast": files.url("pocket.xml"), "episode": files.url("pocket-\(number).mp3"), "timestamp": time,
                        "position": Self.pocketPosition(round: round, number: number), "total": 3600,
                    ]
                }
                try JSONSerialization.data(withJSONObject: batch).write(to: plays)
                // Round 1 happens on a twin server too, where an uninterrupted first sync of a copy of this library
                // measures how long the work takes.
                let twin: GPodderServer? = try round == 1 ? GPodderServer() : nil
                defer { twin?.stop() }
                if let twin {
                    try twin.register(SyncTests.user, password: SyncTests.password)
                    _ = try Self.phone(twin, ["register"])
                    _ = try Self.phone(twin, ["subscribe", files.url("pocket.xml")])
                }
                for target in [server] + [twin].compactMap({ $0 }) {
                    _ = try Self.phone(target, ["subscribe", files.url("\(late).xml")])
                    try Self.upload(plays, to: target, script: script)
                }
                // The terminal's listening comes 2 s after its marks: a sync reads the second of the newest action it
                // sent again the next time, and that should be three plays, not 5,000 marks.
                Thread.sleep(until: marked.addingTimeInterval(2.05))
                for number in (2...20).shuffled(using: &random).prefix(3) {
                    let start = Int.random(in: 2...12, using: &random)
                    try Self.must(
                        ["play", "heard/\(number)", "--start", "\(start)", "--duration", "1", "--output", heardOutput], home: desk)
                    let sql = """
                        SELECT e.enclosureURL AS url, e.position FROM live_episode e JOIN live_show s ON s.id = e.showID
                        WHERE s.feedURL = '\(files.url("heard.xml"))' AND e.number = \(number)
                        """
                    let row = try Self.rows(sql, home: desk).first
                    expected.insert(
                        ActionKey(episode: row?["url"] as? String ?? "", action: "play", position: Int(row?["position"] as? Double ?? 0)))
                }
                if let twin {
                    let copy = try Fixtures.subfolder("twin", in: folder)
                    let backup = try Self.sqlite(".backup '\(Self.database(copy).path)'", home: desk)
                    guard backup.status == 0 else { throw TestSupportError("sqlite3 .backup: \(backup.stderr)") }
                    try SyncTests.configure(copy, server: twin.url, extra: "auto = false", device: Self.deskDevice)
                    let started = Date()
                    try Self.must(["sync"], home: copy)
                    measured = Self.seconds(since: started)
                    twin.stop()
                }

                let queued = try Self.number("SELECT COUNT(*) FROM sync_action", home: desk)
                let showsBefore = try Self.number("SELECT COUNT(*) FROM live_show", home: desk)
                let delay = random.seconds(in: 0.05...max(0.1, measured * 0.95))
                var context = "\(seed), round \(round), killed after \(delay) s of a \(measured) s sync"
                let sync = try Self.start(["sync"], home: desk)
                Thread.sleep(forTimeInterval: delay)
                let running = sync.killNow()
                #expect(try Self.integrity(desk) == "ok", "\(context)")
                // How far it got: the phone's new shows subscribed, its plays taken, the terminal's queue sent.
                let left = try Self.number("SELECT COUNT(*) FROM sync_action", home: desk)
                let added = try Self.number("SELECT COUNT(*) FROM live_show", home: desk) - showsBefore
                let taken = try Self.pockets(round: round, home: desk).matching
                let begun = left < queued || added > 0 || taken > 0
                let finished = left == 0 && added == (round == 1 ? 2 : 1) && taken == Self.pocketEpisodes
                if running && begun && !finished { midWork += 1 }

                let next = try Self.podline(["sync", "--json", "--verbose"], home: desk)
                #expect(next.status == 0, "the next sync exited \(next.status): \(next.stderr); \(context)")
                // What the next sync found of a batch the killed one had on its way, and what it sent.
                let sending = next.stderrLines.filter { $0.contains("cut off") || $0.contains("POST /api/2/episodes") }
                context += "; the next sync: \(sending)"
                let status = SyncTests.json(try Self.must(["sync", "status", "--json"], home: desk).stdout) as? [String: Any]
                #expect(
                    status?["waiting"] as? [String: Int] == ["subscriptions": 0, "actions": 0],
                    "still waiting: \(String(describing: status?["waiting"])); \(context)")

                // Both sides have every subscription, each show here whole and once (a difference is told once).
                let shows = try Self.shows(desk)
                let subscriptions = try Self.phone(server, ["subscriptions"]) as? [String: Any]
                let remote = Set(subscriptions?["add"] as? [String] ?? [])
                let local = Set(shows.map(\.url))
                let onlyHere = local.subtracting(remote).subtracting(reported)
                let onlyThere = remote.subtracting(local).subtracting(reported)
                #expect(onlyHere.isEmpty, "the phone never heard of \(onlyHere.sorted()); \(context)")
                #expect(onlyThere.isEmpty, "the terminal never subscribed to \(onlyThere.sorted()); \(context)")
                reported.formUnion(onlyHere.union(onlyThere))
                let problems = Self.showProblems(shows, feeds: feeds)
                #expect(problems.isEmpty, "\(problems.prefix(5)); \(context)")

                // The terminal has the phone's places, and keeps its own marks.
                let pockets = try Self.pockets(round: round, home: desk)
                #expect(
                    pockets.matching == Self.pocketEpisodes,
                    "\(pockets.wrong.count) pocket episodes are not where the phone left them: \(pockets.wrong.prefix(5)); \(context)")
                for show in 0..<4 {
                    let count = try Self.playedCount(of: files.url("desk\(show).xml"), home: desk)
                    #expect(
                        count == (played[show] ? Self.deskEpisodes : 0),
                        "desk-\(show) should be \(played[show] ? "played" : "unplayed"), \(count) episodes are played; \(context)")
                }

                // The server has each of this round's actions of the terminal (the first sync's standing ones too): the
                // phone sees every mark and the latest place of every stretch heard, nothing lost. Twice at most the one
                // batch the killed sync had on its way, when the server was still taking it as the next sync asked: the
                // gpodder API has nothing to tell a batch sent again from a new one (identical actions change nothing).
                let sent = try Self.deskActions(on: server, since: round == 1 ? 0 : since)
                let missing = expected.filter { sent[$0] == nil }.map(\.description).sorted()
                let twice = expected.filter { (sent[$0] ?? 0) > 1 }.map(\.description).sorted()
                let unexpected = sent.keys.filter { !expected.contains($0) }.map(\.description).sorted()
                #expect(
                    missing.count == 0,
                    "\(missing.count) of \(expected.count) actions never reached the server: \(missing.prefix(3)); \(context)")
                #expect(twice.count <= SyncRun.batch, "\(twice.count) actions reached the server twice: \(twice.prefix(3)); \(context)")
                #expect(unexpected.count == 0, "\(unexpected.count) actions that were never made: \(unexpected.prefix(3)); \(context)")
                if !twice.isEmpty { roundsSentTwice += 1 }
                if !missing.isEmpty { roundsLosing += 1 }
            }
            #expect(
                midWork >= Self.repetitions / 4,
                "only \(midWork) of \(Self.repetitions) kills came while the sync had done some of its work and not all; \(seed)")
            print(
                "sync: \(Self.repetitions) kills, \(midWork) mid-work, \(roundsSentTwice) rounds with actions sent twice, "
                    + "\(roundsLosing) with actions lost, an uninterrupted first sync \(measured) s, \(seed)")
        }
    }

    // MARK: import

    @Test("kill -9 at random moments of import of 10 slowly served feeds: integrity ok, every show there whole, the next import finishes")
    func killDuringImport() throws {
        var random = SeededGenerator()
        let seed = "\(random)"
        try Self.seeded(seed) {
            let folder = try Fixtures.temporaryDirectory("pl-kill-import")
            let web = try Fixtures.subfolder("web", in: folder)
            // 32 kB every 50 ms: a feed takes half a second or more to arrive, four of them at once.
            let files = try SlowFileServer(folder: web, chunkBytes: 32_768, delay: 0.05)
            defer { files.stop() }
            var feeds: [String: Int] = [:]
            var outlines = ""
            for index in 0..<10 {
                let count = 700 + 50 * index
                try Self.writeFeed("feed\(index)", title: "Feed \(index)", count: count, seconds: 1800, in: web) {
                    files.url("feed\(index)-\($0).mp3")
                }
                feeds[files.url("feed\(index).xml")] = count
                outlines += "<outline type=\"rss\" text=\"Feed \(index)\" xmlUrl=\"\(files.url("feed\(index).xml"))\"/>\n"
            }
            let opml = folder.appendingPathComponent("feeds.opml")
            try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Feeds</title></head><body>
            \(outlines)</body></opml>

            """.write(to: opml, atomically: true, encoding: .utf8)
            let words = ["import", opml.path, "--jobs", "4"]

            // An uninterrupted import measures the work.
            let measuring = try Fixtures.subfolder("measure", in: folder)
            let started = Date()
            try Self.must(words, home: measuring)
            let measured = Self.seconds(since: started)
            let whole = try Self.shows(measuring)
            let wrong = Self.showProblems(whole, feeds: feeds)
            guard whole.count == feeds.count, wrong.isEmpty else {
                throw TestSupportError("the uninterrupted import left \(whole.count) shows: \(wrong)")
            }

            var midWork = 0
            for repetition in 1...Self.repetitions {
                let home = try Fixtures.subfolder("home\(repetition)", in: folder)
                defer { try? FileManager.default.removeItem(at: home) }
                // The feeds are read first and the shows kept after: the kills come in the later part, where they are kept.
                let delay = random.seconds(in: (measured * 0.3)...max(measured * 0.3 + 0.05, measured * 0.98))
                let context = "\(seed), repetition \(repetition), killed after \(delay) s of a \(measured) s import"
                let run = try Self.start(words, home: home)
                Thread.sleep(forTimeInterval: delay)
                run.killNow()
                // Killed before the library was made, or before its migrations made the views, it holds no show yet.
                var present: [StoredShow] = []
                if FileManager.default.fileExists(atPath: Self.database(home).path) {
                    #expect(try Self.integrity(home) == "ok", "\(context)")
                    if try Self.number("SELECT COUNT(*) FROM sqlite_master WHERE name = 'live_episode'", home: home) > 0 {
                        present = try Self.shows(home)
                    }
                }
                let problems = Self.showProblems(present, feeds: feeds)
                #expect(problems.isEmpty, "\(problems.prefix(5)); \(context)")
                if !present.isEmpty && present.count < feeds.count { midWork += 1 }

                let next = try Self.podline(words, home: home)
                #expect(next.status == 0, "the next import exited \(next.status): \(next.stderr); \(context)")
                #expect(next.stdout.contains("(\(present.count) already subscribed"), "\(next.stdout); \(context)")
                let after = try Self.shows(home)
                let left = Self.showProblems(after, feeds: feeds)
                #expect(
                    after.count == feeds.count && left.isEmpty, "\(after.count) shows after the next import: \(left.prefix(5)); \(context)")
            }
            #expect(
                midWork >= Self.repetitions / 4,
                "only \(midWork) of \(Self.repetitions) kills left some shows imported and others not; \(seed)")
            print("import: \(Self.repetitions) kills, \(midWork) with some shows imported and not all, full import \(measured) s, \(seed)")
        }
    }

    // MARK: clip

    /// A clip the test makes: `from` to `to` seconds of the source, into a file `name` whose extension says the format.
    private struct ClipJob {
        var name: String
        var from: Double
        var to: Double

        var seconds: Double { to - from }
    }

    /// One MPEG frame at 44.1 kHz: how far a clip's length may be from its span.
    private static let frame = 1152.0 / 44_100

    /// The words that make `job` of `source` into `target`.
    private static func clipWords(_ job: ClipJob, source: URL, target: URL) -> [String] {
        ["clip", source.path, "\(job.from)", "\(job.to)", "-o", target.path]
    }

    /// The size of the file at `path` in bytes, nil when there is none.
    private static func size(_ path: String) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }

    /// Why `file` is not a whole clip `seconds` long (within a frame), nil when it is.
    private static func clipProblem(_ file: URL, seconds: Double) -> String? {
        // soxi reads the length from the header; flac -t decodes every frame and checks the MD5; a WAV (16-bit stereo,
        // as the source decodes) must hold the bytes its header's length asks for.
        guard let soxi = CommandRunner.which("soxi"), let read = try? CommandRunner.run(soxi, ["-D", file.path]), read.status == 0,
            let length = Double(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return "soxi cannot read it" }
        guard abs(length - seconds) <= frame else { return "\(length) s long, not \(seconds) s" }
        if file.pathExtension == "flac" {
            guard let flac = CommandRunner.which("flac"), let test = try? CommandRunner.run(flac, ["-s", "-t", file.path]), test.status == 0
            else { return "flac -t finds it broken" }
        } else if let bytes = Self.size(file.path), bytes < 44 + Int((length * 44_100).rounded()) * 4 {
            return "\(bytes) bytes, too few for \(length) s"
        }
        return nil
    }

    /// The process id in `entry` when it names a hidden temporary of the clip `name`, nil for any other name.
    private static func temporaryOwner(_ entry: String, of name: String) -> Int32? {
        // `.NAME.PID.part` (ClipFile's), or `.NAME.mp3.PID.part`: the MP3 cut that a WAV or FLAC clip of an MP3 is decoded from.
        guard entry.hasPrefix("."), entry.hasSuffix(".part") else { return nil }
        let middle = entry.dropFirst().dropLast(".part".count)
        guard let dot = middle.lastIndex(of: "."), let pid = Int32(middle[middle.index(after: dot)...]) else { return nil }
        let base = String(middle[..<dot])
        return base == name || base == name + ".mp3" ? pid : nil
    }

    @Test(
        "kill -9 at random moments of clip to WAV and FLAC: no file or a whole one, only its temporaries beside it, the next succeeds and takes them away"
    )
    func killDuringClip() throws {
        var random = SeededGenerator()
        let seed = "\(random)"
        try Self.seeded(seed) {
            let folder = try Fixtures.temporaryDirectory("pl-kill-clip")
            let home = try Fixtures.subfolder("home", in: folder)
            let out = try Fixtures.subfolder("out", in: folder)
            let source = try Fixtures.toneMP3(in: folder, name: "long.mp3", seconds: 600)
            // All ten minutes as WAV (as fast as the MP3 decodes); 40 s as FLAC, which Podline encodes itself, slowly.
            let jobs = [ClipJob(name: "clip.wav", from: 0, to: 600), ClipJob(name: "clip.flac", from: 100, to: 140)]
            // Half the time a clip this long is already in the place: it must stay there until the new one is whole.
            let older = 5.0
            var measured: [String: Double] = [:]
            for job in jobs {
                let target = out.appendingPathComponent(job.name)
                let started = Date()
                try Self.must(Self.clipWords(job, source: source, target: target), home: home)
                measured[job.name] = Self.seconds(since: started)
                if let problem = Self.clipProblem(target, seconds: job.seconds) {
                    throw TestSupportError("the uninterrupted \(job.name): \(problem)")
                }
                try FileManager.default.removeItem(at: target)
            }

            var midWork = 0
            var stale = 0
            var staleBytes = 0
            for repetition in 1...Self.repetitions {
                let job = jobs[repetition % jobs.count]
                let target = out.appendingPathComponent(job.name)
                let keepOlder = Bool.random(using: &random)
                if keepOlder { try Self.must(["clip", source.path, "0", "\(older)", "-o", target.path], home: home) }
                let full = measured[job.name] ?? 1
                let delay = random.seconds(in: 0.05...max(0.1, full * 0.95))
                let before = keepOlder ? "an older \(older) s clip in its place" : "nothing in its place"
                let context = "\(seed), repetition \(repetition): \(job.name) killed after \(delay) s of a \(full) s clip, \(before)"
                let run = try Self.start(Self.clipWords(job, source: source, target: target), home: home)
                Thread.sleep(forTimeInterval: delay)
                let pid = run.pid
                run.killNow()

                // In its place: the new clip whole, the older one while the new one was not, or nothing.
                if FileManager.default.fileExists(atPath: target.path) {
                    let asNew = Self.clipProblem(target, seconds: job.seconds)
                    let asOlder = keepOlder ? Self.clipProblem(target, seconds: older) : "there was none"
                    #expect(asNew == nil || asOlder == nil, "no whole clip: \(asNew ?? ""); as the older one: \(asOlder ?? ""); \(context)")
                } else {
                    #expect(!keepOlder, "the older clip went before the new one was whole; \(context)")
                }
                let entries = try FileManager.default.contentsOfDirectory(atPath: out.path)
                let others = entries.filter { $0 != job.name && Self.temporaryOwner($0, of: job.name) != pid }
                #expect(others.isEmpty, "beside the clip: \(others.sorted()); \(context)")
                if entries.contains(where: { Self.temporaryOwner($0, of: job.name) == pid }) { midWork += 1 }

                let next = try Self.podline(Self.clipWords(job, source: source, target: target), home: home)
                #expect(next.status == 0, "the next clip exited \(next.status): \(next.stderr); \(context)")
                let made = Self.clipProblem(target, seconds: job.seconds)
                #expect(made == nil, "the next clip: \(made ?? ""); \(context)")
                // The finished clip leaves nothing of its own, and takes away what the killed one left.
                let left = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0 != job.name }
                #expect(left.isEmpty, "beside the clip after the next one: \(left.sorted()); \(context)")
                stale += left.count
                staleBytes += left.compactMap { Self.size(out.appendingPathComponent($0).path) }.reduce(0, +)
                // The next repetition starts from an empty folder (the temporaries of ten minutes of WAV are 125 MB).
                for entry in try FileManager.default.contentsOfDirectory(atPath: out.path) {
                    try FileManager.default.removeItem(at: out.appendingPathComponent(entry))
                }
            }
            #expect(
                midWork >= Self.repetitions / 4,
                "only \(midWork) of \(Self.repetitions) kills came while the clip was being written; \(seed)")
            print(
                "clip: \(Self.repetitions) kills, \(midWork) while writing, \(stale) temporaries (\(staleBytes / 1_000_000) MB) "
                    + "still beside the clip after the next one succeeded, WAV \(measured["clip.wav"] ?? 0) s, "
                    + "FLAC \(measured["clip.flac"] ?? 0) s, \(seed)")
        }
    }
}
