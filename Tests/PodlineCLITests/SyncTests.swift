import Foundation
import TestSupport
import Testing

/// `podline sync` against a real gpodder.net API server (gpodder-fastapi-router on 127.0.0.1) with a phone beside it
/// (mygpoclient, as an app on a phone uses the API): what the terminal does reaches the phone, and what the phone
/// does reaches the terminal.
@Suite("sync with a real gpodder server and a phone", .serialized)
struct SyncTests {
    static let user = "alice"
    static let password = "s3cret pass"

    /// A library folder with `[sync]` pointing at `server` as device `device`.
    static func home(server: String, extra: String = "", device: String = "podline-desk") throws -> URL {
        let home = try Fixtures.temporaryDirectory("pl-sync")
        try configure(home, server: server, extra: extra, device: device)
        return home
    }

    /// Writes the `[sync]` of the library folder `home`: `server`, as device `device`.
    static func configure(_ home: URL, server: String, extra: String = "", device: String = "podline-desk") throws {
        try Fixtures.writeConfig(
            """
            [sync]
            server = "\(server)"
            username = "\(user)"
            password_command = "printf '%s\\\\nsecond line\\\\n' '\(password)'"
            device = "\(device)"
            \(extra)
            """, home: home)
    }

    /// Runs podline in `home` with its config folder.
    static func podline(_ words: [String], home: URL, environment: [String: String?] = [:]) throws -> ProcessResult {
        var env = environment
        env["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        return try PodlineBinary.run(words, home: home, environment: env)
    }

    /// A feed named `name` whose episodes (tones of `seconds`, 20 by default) `files` serves; with `durations` false
    /// the feed says nothing of their lengths (no `itunes:duration`).
    static func feed(
        _ name: String, title: String, episodes: Int, in folder: URL, files: SlowFileServer, seconds: Int = 20, durations: Bool = true
    ) throws {
        var items = ""
        for number in 1...episodes {
            _ = try Fixtures.toneMP3(in: folder, name: "\(name)-\(number).mp3", seconds: Double(seconds))
            let duration = durations ? "<itunes:duration>\(seconds)</itunes:duration>" : ""
            items += """
                <item><title>\(title) \(number)</title><guid>\(name)-guid-\(number)</guid>\
                <pubDate>Mon, 0\(number) Jan 2024 10:00:00 GMT</pubDate>\(duration)\
                <enclosure url="\(files.url("\(name)-\(number).mp3"))" type="audio/mpeg" length="1"/></item>

                """
        }
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>\(title)</title>
        \(items)</channel></rss>
        """.write(to: folder.appendingPathComponent("\(name).xml"), atomically: true, encoding: .utf8)
    }

    static func json(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// An episode's position in `episodes --json`.
    static func position(of ref: String, home: URL) throws -> Double? {
        try episode(ref, home: home)?["position"] as? Double
    }

    /// An episode as `episodes --json` lists it.
    static func episode(_ ref: String, home: URL) throws -> [String: Any]? {
        let listed = try podline(["episodes", "--json"], home: home)
        let episodes = json(listed.stdout) as? [[String: Any]] ?? []
        return episodes.first { $0["ref"] as? String == ref }
    }

    @Test("subscriptions and listening move both ways between the terminal and a phone, the newest listening winning")
    func bothWays() throws {
        let server = try GPodderServer()
        defer { server.stop() }
        try server.register(Self.user, password: Self.password)
        let web = try Fixtures.temporaryDirectory("pl-sync-web")
        let files = try SlowFileServer(folder: web, chunkBytes: 1 << 20, delay: 0)
        defer { files.stop() }
        try Self.feed("desk", title: "Desk Show", episodes: 2, in: web, files: files)
        try Self.feed("pocket", title: "Pocket Show", episodes: 1, in: web, files: files)
        let home = try Self.home(server: server.url, extra: "auto = false")
        let phone = { (command: [String]) throws -> Any in
            try server.phone(Self.user, password: Self.password, device: "phone", command)
        }
        _ = try phone(["register"])

        // The terminal subscribes and listens from 5 s to 7 s: both wait in the library's queue.
        #expect(try Self.podline(["add", files.url("desk.xml")], home: home).status == 0)
        let heard = try Self.podline(
            ["play", "desk-show/1", "--start", "5", "--duration", "2", "--output", "wav:\(web.path)/out.wav"], home: home)
        #expect(heard.status == 0, "\(heard.stderr)")
        let waiting = Self.json(try Self.podline(["sync", "status", "--json"], home: home).stdout) as? [String: Any]
        #expect(waiting?["waiting"] as? [String: Int] == ["subscriptions": 1, "actions": 1], "\(String(describing: waiting))")
        #expect(waiting?["last_sync"] is NSNull)

        let first = try Self.podline(["sync"], home: home)
        #expect(first.status == 0 && first.stdout.contains("(first sync)"), "\(first.stdout) \(first.stderr)")
        #expect(!first.stdout.contains(Self.password) && !first.stderr.contains(Self.password))

        // The phone, in one sync group with the terminal, has the subscription and the stretch heard.
        let subscriptions = try phone(["subscriptions"]) as? [String: Any]
        #expect((subscriptions?["add"] as? [String])?.contains(files.url("desk.xml")) == true, "\(String(describing: subscriptions))")
        let actions = (try phone(["actions"]) as? [String: Any])?["actions"] as? [[String: Any]] ?? []
        let play = actions.first { $0["episode"] as? String == files.url("desk-1.mp3") }
        #expect(play?["action"] as? String == "play" && play?["device"] as? String == "podline-desk", "\(actions)")
        #expect(
            play?["started"] as? Int == 5 && play?["position"] as? Int == 7 && play?["total"] as? Int == 20, "\(String(describing: play))")

        // The phone subscribes to another show and stops its episode at 12 s: the terminal has both after a sync,
        // and play resumes there (rewound by 2 s).
        _ = try phone(["subscribe", files.url("pocket.xml")])
        let now = Date()
        _ = try phone(["play", files.url("pocket.xml"), files.url("pocket-1.mp3"), "pocket-guid-1", "0", "12", "20", Self.utc(now)])
        let second = try Self.podline(["sync", "--json"], home: home)
        let report = Self.json(second.stdout) as? [String: Any]
        #expect(second.status == 0, "\(second.stderr)")
        #expect((report?["subscriptions"] as? [String: Any])?["subscribed"] as? [String] == ["pocket-show"], "\(second.stdout)")
        #expect(try Self.position(of: "pocket-show/1", home: home) == 12)
        let resumed = try Self.podline(["play", "pocket-show/1", "--duration", "1", "--output", "wav:\(web.path)/resume.wav"], home: home)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let after = try Self.position(of: "pocket-show/1", home: home)
        #expect(after.map { abs($0 - 11) < 0.3 } == true, "resumed at 10 s, heard 1 s: \(String(describing: after))")

        // Older listening elsewhere loses against the terminal's; newer listening wins.
        _ = try phone(["play", files.url("pocket.xml"), files.url("pocket-1.mp3"), "pocket-guid-1", "0", "3", "20", Self.utc(now - 86_400)])
        #expect(try Self.podline(["sync"], home: home).status == 0)
        #expect(try Self.position(of: "pocket-show/1", home: home).map { abs($0 - 11) < 0.3 } == true)
        _ = try phone(["play", files.url("pocket.xml"), files.url("pocket-1.mp3"), "pocket-guid-1", "0", "15", "20", Self.utc(now + 60)])
        #expect(try Self.podline(["sync"], home: home).status == 0)
        #expect(try Self.position(of: "pocket-show/1", home: home) == 15)

        // Marked played here: the phone sees a play to the end. Given up on the phone: removed here.
        #expect(try Self.podline(["mark", "desk-show/2", "played"], home: home).status == 0)
        _ = try phone(["unsubscribe", files.url("pocket.xml")])
        let third = try Self.podline(["sync", "--json"], home: home)
        #expect(
            (Self.json(third.stdout) as? [String: Any]).flatMap { ($0["subscriptions"] as? [String: Any])?["removed"] as? [String] } == [
                "pocket-show"
            ])
        let shows = try Self.podline(["shows", "--json"], home: home).stdout
        #expect(shows.contains("desk-show") && !shows.contains("pocket-show"), "\(shows)")
        let later = (try phone(["actions"]) as? [String: Any])?["actions"] as? [[String: Any]] ?? []
        let played = later.first { $0["episode"] as? String == files.url("desk-2.mp3") }
        #expect(played?["position"] as? Int == 20 && played?["total"] as? Int == 20, "\(later)")
        let status = Self.json(try Self.podline(["sync", "status", "--json"], home: home).stdout) as? [String: Any]
        #expect(status?["waiting"] as? [String: Int] == ["subscriptions": 0, "actions": 0])
    }

    @Test(
        "a feed without lengths: the length playback found goes with what was heard, a stretch heard on one device is a position on the other, and what was played before the first sync is sent"
    )
    func lengthsFromPlayback() throws {
        let server = try GPodderServer()
        defer { server.stop() }
        try server.register(Self.user, password: Self.password)
        let web = try Fixtures.temporaryDirectory("pl-sync-lengths")
        let files = try SlowFileServer(folder: web, chunkBytes: 1 << 20, delay: 0)
        defer { files.stop() }
        try Self.feed("quiet", title: "Quiet Show", episodes: 5, in: web, files: files, seconds: 60, durations: false)
        let output = "wav:\(web.path)/out.wav"
        let desk = try Fixtures.temporaryDirectory("pl-sync-desk")
        func onDesk(_ words: [String]) throws -> ProcessResult {
            let result = try Self.podline(words, home: desk)
            #expect(result.status == 0, "\(words): \(result.stderr)")
            return result
        }
        func length(_ ref: String, home: URL) throws -> Double? { try Self.episode(ref, home: home)?["duration"] as? Double }

        // The first device listens before it has a sync server: episode 3 streamed to its end (its length is where it
        // ended), episode 4 downloaded, heard for a second (its length is its file's) and marked played.
        _ = try onDesk(["add", files.url("quiet.xml")])
        #expect(try Self.episode("quiet-show/3", home: desk)?["duration"] is NSNull, "the feed gives no lengths")
        _ = try onDesk(["play", "quiet-show/3", "--start", "55", "--output", output])
        _ = try onDesk(["download", "quiet-show/4"])
        _ = try onDesk(["play", "quiet-show/4", "--start", "10", "--duration", "1", "--output", output])
        _ = try onDesk(["mark", "quiet-show/4", "played"])
        // Then with one: episode 1 downloaded and heard from 40 s to 43 s, episode 2 streamed and heard the same.
        try Self.configure(desk, server: server.url, extra: "auto = false")
        _ = try onDesk(["download", "quiet-show/1"])
        _ = try onDesk(["play", "quiet-show/1", "--start", "40", "--duration", "3", "--output", output])
        _ = try onDesk(["play", "quiet-show/2", "--start", "40", "--duration", "3", "--output", output])
        for ref in ["quiet-show/1", "quiet-show/3", "quiet-show/4"] {
            let found = try length(ref, home: desk)
            #expect(found.map { abs($0 - 60) < 1 } == true, "\(ref): the length playback found, listed: \(String(describing: found))")
        }
        #expect(try Self.episode("quiet-show/3", home: desk)?["played"] as? Bool == true)
        let first = try onDesk(["sync"])
        #expect(first.stdout.contains("(first sync)"), "\(first.stdout)")

        // What the server holds: the real length with each play, or no length at all; never the position as a length.
        let actions = (try server.phone(Self.user, password: Self.password, device: "phone", ["actions"]) as? [String: Any])?["actions"]
        let plays = (actions as? [[String: Any]] ?? []).filter { $0["action"] as? String == "play" }
        func play(_ number: Int) -> [String: Any]? { plays.last { $0["episode"] as? String == files.url("quiet-\(number).mp3") } }
        #expect(play(1)?["started"] as? Int == 40 && play(1)?["position"] as? Int == 43 && play(1)?["total"] as? Int == 60, "\(plays)")
        let streamed = play(2)
        let streamedTo = streamed?["position"] as? Int
        #expect(streamedTo.map { (42...43).contains($0) } == true, "\(plays)")
        #expect(
            (streamed?["total"] == nil && streamed?["started"] == nil)
                || (streamed?["total"] as? Int == 60 && streamed?["started"] as? Int == 40),
            "started, position and total together, or the position alone: \(String(describing: streamed))")
        for number in [3, 4] {
            #expect(
                play(number)?["position"] as? Int == 60 && play(number)?["total"] as? Int == 60, "played before the first sync: \(plays)")
        }

        // The second device, whose feed gives no lengths either, has the stretches as positions and the played ones
        // played. Its own episode 5, whose length it found by playing it, stays a position when the phone says
        // started = position = total = 9 of it (as some apps say of any stop).
        let laptop = try Self.home(server: server.url, extra: "auto = false", device: "podline-laptop")
        func onLaptop(_ words: [String]) throws -> ProcessResult {
            let result = try Self.podline(words, home: laptop)
            #expect(result.status == 0, "\(words): \(result.stderr)")
            return result
        }
        _ = try onLaptop(["add", files.url("quiet.xml")])
        _ = try onLaptop(["download", "quiet-show/5"])
        _ = try onLaptop(["play", "quiet-show/5", "--start", "2", "--duration", "1", "--output", output])
        _ = try server.phone(Self.user, password: Self.password, device: "phone", ["register"])
        _ = try server.phone(
            Self.user, password: Self.password, device: "phone",
            ["play", files.url("quiet.xml"), files.url("quiet-5.mp3"), "quiet-guid-5", "9", "9", "9", Self.utc(Date() + 60)])
        _ = try onLaptop(["sync"])
        for (ref, heard) in [("quiet-show/1", 43.0), ("quiet-show/2", Double(streamedTo ?? 43)), ("quiet-show/5", 9)] {
            let episode = try Self.episode(ref, home: laptop)
            #expect(
                episode?["played"] as? Bool == false && episode?["position"] as? Double == heard,
                "\(ref) is not played, it stands at \(heard) s: \(String(describing: episode))")
        }
        for ref in ["quiet-show/3", "quiet-show/4"] {
            #expect(try Self.episode(ref, home: laptop)?["played"] as? Bool == true, "\(ref)")
        }
    }

    @Test("a feed URL the server rewrites (mygpo's quoting encodes a query's % again) stays one show, under its own URL")
    func rewrittenURL() throws {
        let server = try GPodderServer()
        defer { server.stop() }
        try server.register(Self.user, password: Self.password)
        let web = try Fixtures.temporaryDirectory("pl-sync-rewrite")
        let files = try SlowFileServer(folder: web, chunkBytes: 1 << 20, delay: 0)
        defer { files.stop() }
        try Self.feed("desk", title: "Desk Show", episodes: 1, in: web, files: files)
        let home = try Self.home(server: server.url, extra: "auto = false")
        _ = try server.phone(Self.user, password: Self.password, device: "phone", ["register"])
        let url = files.url("desk.xml") + "?token=a%20b"
        #expect(try Self.podline(["add", url], home: home).status == 0)
        for _ in 1...2 {
            let synced = try Self.podline(["sync", "--json"], home: home)
            #expect(synced.status == 0 && synced.stdout.contains(#""subscribed":[]"#), "\(synced.stdout) \(synced.stderr)")
        }
        let shows = Self.json(try Self.podline(["shows", "--json"], home: home).stdout) as? [[String: Any]] ?? []
        #expect(shows.count == 1 && shows.first?["url"] as? String == url, "\(shows)")
        let remote = (try server.phone(Self.user, password: Self.password, device: "phone", ["subscriptions"]) as? [String: Any])?["add"]
        #expect(
            (remote as? [String])?.contains { $0.contains("%2520") } == true, "the server did rewrite it: \(String(describing: remote))")
    }

    @Test("a mark made after a sync stays: this library's own earlier action, read back from the server, does not undo it")
    func ownActionsComeBack() throws {
        let server = try GPodderServer()
        defer { server.stop() }
        try server.register(Self.user, password: Self.password)
        let web = try Fixtures.temporaryDirectory("pl-sync-own")
        let files = try SlowFileServer(folder: web, chunkBytes: 1 << 20, delay: 0)
        defer { files.stop() }
        try Self.feed("desk", title: "Desk Show", episodes: 1, in: web, files: files)
        let home = try Self.home(server: server.url, extra: "auto = false")
        #expect(try Self.podline(["add", files.url("desk.xml")], home: home).status == 0)
        for (mark, played) in [("played", true), ("unplayed", false), ("played", true), ("unplayed", false)] {
            let marked = try Self.podline(["mark", "desk-show/1", mark], home: home)
            #expect(marked.status == 0, "\(marked.stderr)")
            let synced = try Self.podline(["sync"], home: home)
            #expect(synced.status == 0, "\(synced.stderr)")
            let episode = try Self.episode("desk-show/1", home: home)
            #expect(episode?["played"] as? Bool == played, "after mark \(mark) and a sync: \(String(describing: episode))")
        }
    }

    @Test("with auto on, a player that stops sends what was heard at once, and the phone has it")
    func automatic() throws {
        let server = try GPodderServer()
        defer { server.stop() }
        try server.register(Self.user, password: Self.password)
        let web = try Fixtures.temporaryDirectory("pl-sync-auto")
        let files = try SlowFileServer(folder: web, chunkBytes: 1 << 20, delay: 0)
        defer { files.stop() }
        try Self.feed("desk", title: "Desk Show", episodes: 1, in: web, files: files)
        let home = try Self.home(server: server.url)
        #expect(try Self.podline(["add", files.url("desk.xml")], home: home).status == 0)
        let heard = try Self.podline(
            ["play", "desk-show/1", "--start", "4", "--duration", "3", "--output", "wav:\(web.path)/o.wav"], home: home)
        #expect(heard.status == 0 && heard.stderr.isEmpty, "\(heard.stderr)")
        let actions = (try server.phone(Self.user, password: Self.password, device: "phone", ["actions"]) as? [String: Any])?["actions"]
        let plays = (actions as? [[String: Any]] ?? []).filter { $0["action"] as? String == "play" }
        #expect(plays.count == 1 && plays.first?["started"] as? Int == 4 && plays.first?["position"] as? Int == 7, "\(plays)")
        let status = Self.json(try Self.podline(["sync", "status", "--json"], home: home).stdout) as? [String: Any]
        #expect(status?["waiting"] as? [String: Int] == ["subscriptions": 0, "actions": 0] && status?["last_sync"] is String)

        // A REPL whose own player played syncs when it ends.
        let lines = "play desk-show/1 --start 12 --duration 2 --output wav:\(web.path)/r.wav\n"
        let repl = try PodlineBinary.run(
            ["repl"], home: home, environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path], stdin: Data(lines.utf8))
        #expect(repl.status == 0 && repl.stderr.isEmpty, "\(repl.stderr)")
        let after = (try server.phone(Self.user, password: Self.password, device: "phone", ["actions"]) as? [String: Any])?["actions"]
        let stretches = (after as? [[String: Any]] ?? []).filter { $0["action"] as? String == "play" }.compactMap { $0["started"] as? Int }
        #expect(stretches.sorted() == [4, 12], "\(stretches)")
    }

    @Test("a server that is down, refuses the password, or is not set up: one line, 69, 77 or 78, and the queue kept")
    func failures() throws {
        let server = try GPodderServer()
        try server.register(Self.user, password: Self.password)
        let home = try Self.home(server: server.url)
        let feed = home.appendingPathComponent("feed.xml")
        try #"<?xml version="1.0"?><rss version="2.0"><channel><title>F</title></channel></rss>"#.write(
            to: feed, atomically: true, encoding: .utf8)
        let web = try SlowFileServer(folder: home, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        #expect(try Self.podline(["add", web.url("feed.xml")], home: home).status == 0)

        let refused = try Self.podline(["sync"], home: home, environment: ["PODLINE_SYNC_PASSWORD": "wrong"])
        #expect(refused.status == 77 && refused.stderrLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("refused the username or password") && !refused.stderr.contains("wrong"))

        server.stop()
        let down = try Self.podline(["sync"], home: home)
        #expect(down.status == 69 && down.stderrLines.count == 1, "\(down.stderr)")
        #expect(down.stderr.contains("connection refused"), "\(down.stderr)")
        let kept = Self.json(try Self.podline(["sync", "status", "--json"], home: home).stdout) as? [String: Any]
        #expect(kept?["waiting"] as? [String: Int] == ["subscriptions": 1, "actions": 0], "nothing lost: \(String(describing: kept))")

        let plain = try Self.home(server: "http://gpodder.example.org")
        let insecure = try Self.podline(["sync"], home: plain)
        #expect(insecure.status == 78 && insecure.stderr.contains("is not https"), "\(insecure.stderr)")
        let none = try Fixtures.temporaryDirectory("pl-sync-none")
        let missing = try Self.podline(["sync", "status"], home: none)
        #expect(missing.status == 78 && missing.stderr.contains("no [sync] server"), "\(missing.stderr)")
        let broken = try Self.home(server: server.url, extra: "kind = \"ftp\"")
        let wrongKind = try Self.podline(["sync"], home: broken)
        #expect(wrongKind.status == 78 && wrongKind.stderr.contains("sync.kind"), "\(wrongKind.stderr)")
    }

    /// `YYYY-MM-DDTHH:MM:SS` in UTC.
    static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }
}
