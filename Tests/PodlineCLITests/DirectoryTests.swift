import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// `find` against stand-ins of the iTunes Search API and the Podcast Index API (`Tests/directory/standin.py`, written
/// from their documented requests and answers), then `add find/N`, `update` and the show's episodes, all on 127.0.0.1.
@Suite("find: podcast directories", .serialized)
struct DirectoryTests {
    static let key = "PIKEY123"
    static let secret = "pi secret $^&"
    /// The `podcast:guid` the index gives "Café Index Only".
    static let indexOnlyGUID = "5f1c9a3e-7d2b-5e4f-9a1b-3c5d7e9f0a12"

    /// The stand-in, the web server of the feeds, and a library set up for them.
    struct World {
        let directory: PythonService
        let files: SlowFileServer
        let home: URL

        func podline(_ words: [String], environment: [String: String?] = [:]) throws -> ProcessResult {
            var env = environment
            env["PODLINE_PODCASTINDEX_SECRET"] = env["PODLINE_PODCASTINDEX_SECRET"] ?? DirectoryTests.secret
            return try SyncTests.podline(words, home: home, environment: env)
        }

        /// The requests the stand-in took, oldest first: path and decoded query.
        func requests() throws -> [(path: String, query: [String: String])] {
            (try directory.request("/_state")["requests"] as? [[String: Any]] ?? []).map {
                ($0["path"] as? String ?? "", $0["query"] as? [String: String] ?? [:])
            }
        }

        func stop() {
            directory.stop()
            files.stop()
        }
    }

    static func world(key: String? = DirectoryTests.key) throws -> World {
        let web = try Fixtures.temporaryDirectory("pl-directory-web")
        let files = try SlowFileServer(folder: web, chunkBytes: 1 << 20, delay: 0)
        try SyncTests.feed("cafe", title: "Café & Crème Talk", episodes: 2, in: web, files: files)
        try SyncTests.feed("news", title: "Café News Daily", episodes: 1, in: web, files: files)
        try SyncTests.feed("index", title: "Café Index Only", episodes: 1, in: web, files: files)
        var entries: [[String: Any]] = [
            entry("Café & Crème Talk", "Zoë", files.url("cafe.xml"), 1001, 2001, ["itunes", "podcastindex"], "fr", ["Arts", "Food"]),
            entry("Café News Daily", "Newsroom", files.url("news.xml"), 1002, 2002, ["itunes"], "en", ["News"]),
            entry("Café Apple Only", "Apple", nil, 1003, 2003, ["itunes"], "en", ["Comedy"]),
            entry("Café Local Trick", "Nobody", "file:///etc/passwd", 1004, 2004, ["itunes"], "en", ["News"]),
            entry("Café Index Only 中文 🎧", "Open", files.url("index.xml"), 1005, 2005, ["podcastindex"], "zh", ["Technology"]),
        ]
        entries[4]["guid"] = Self.indexOnlyGUID
        let catalogue = web.appendingPathComponent("catalogue.json")
        try JSONSerialization.data(withJSONObject: entries).write(to: catalogue)
        let directory = try PythonService(script: "directory/standin.py", arguments: [catalogue.path, Self.key, Self.secret])
        let home = try Fixtures.temporaryDirectory("pl-directory")
        try Fixtures.writeConfig(
            """
            [directory]
            itunes_url = "\(directory.url)"
            podcastindex_url = "\(directory.url)/api/1.0"
            \(key.map { "podcastindex_key = \"\($0)\"" } ?? "")
            """, home: home)
        return World(directory: directory, files: files, home: home)
    }

    private static func entry(
        _ title: String, _ author: String, _ feed: String?, _ itunes: Int, _ index: Int, _ sources: [String], _ language: String,
        _ genres: [String]
    ) -> [String: Any] {
        [
            "title": title, "author": author, "feed": feed as Any, "episodes": 12, "newest": 1_764_000_000, "language": language,
            "genres": genres, "itunes_id": itunes, "index_id": index, "in": sources,
        ]
    }

    static func results(_ result: ProcessResult) -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [[String: Any]] ?? []
    }

    @Test("find sends the words as typed (spaces, &, accents), numbers the results, and add find/N subscribes from any shell")
    func findThenAdd() throws {
        let world = try Self.world()
        defer { world.stop() }
        let exact = try world.podline(["find", "Café & Crème", "--json"])
        #expect(exact.status == 0, "\(exact.stderr)")
        let request = try world.requests().last
        #expect(request?.path == "/search" && request?.query["term"] == "Café & Crème", "\(String(describing: request))")
        #expect(request?.query["media"] == "podcast" && request?.query["limit"] == "20" && request?.query["country"] == "US")
        #expect(Self.results(exact).map { $0["title"] as? String } == ["Café & Crème Talk"])

        let found = try world.podline(["find", "café", "--json"])
        let results = Self.results(found)
        #expect(results.map { $0["number"] as? Int } == [1, 2, 3, 4], "\(found.stdout)")
        #expect(results[2]["subscribable"] as? Bool == false && (results[2]["reason"] as? String)?.contains("Apple") == true)
        #expect(results[3]["subscribable"] as? Bool == false && results[3]["feed_url"] is NSNull, "a file: feed is refused")
        #expect(results[0]["genres"] as? [String] == ["Arts", "Food"] && results[0]["episodes"] as? Int == 12)

        // The REPL completes `add f` to the results that can be subscribed to.
        let completer = Completer(paths: LibraryPaths(home: world.home.path))
        #expect(completer.candidates(before: "add ", word: "fi") == .words(["find/1", "find/2"]))
        #expect(completer.candidates(before: "inspect ", word: "find/2") == .words(["find/2"]))

        let inspected = try world.podline(["inspect", "find/1"])
        #expect(
            inspected.status == 0 && inspected.stdout.contains("Title:       Café & Crème Talk"), "\(inspected.stdout) \(inspected.stderr)")

        // Over a player's control socket too: find/N is the library's, not a file. (The player writes its own
        // config.toml; the directories' is put back after.)
        let config = world.home.appendingPathComponent("config/podline/config.toml")
        let directories = try String(contentsOf: config, encoding: .utf8)
        defer { try? directories.write(to: config, atomically: true, encoding: .utf8) }
        let player = try PlayerProcess(runtime: world.home, home: world.home)
        let client = try ControlClient(location: ControlLocation(directory: world.home.path + "/podline"))
        let peek = try client.request(["inspect", "find/1"])
        #expect(peek.succeeded && peek.dataText.contains(#""title":"Café & Crème Talk""#), "\(peek.dataText) \(peek.message ?? "")")
        _ = player.finish()
        try directories.write(to: config, atomically: true, encoding: .utf8)

        let added = try world.podline(["add", "find/2"])
        #expect(added.status == 0 && added.stdout.contains("Café News Daily"), "\(added.stdout) \(added.stderr)")
        let apple = try world.podline(["add", "find/3"])
        #expect(apple.status == 2 && apple.stderr.contains("cannot be subscribed to"), "\(apple.stderr)")
        let beyond = try world.podline(["add", "find/9"])
        #expect(beyond.status == 2 && beyond.stderrLines == ["podline: no find result 9: the last find had 4 results"], "\(beyond.stderr)")
        let zero = try world.podline(["inspect", "find/0"])
        #expect(zero.status == 2, "\(zero.stderr)")
        #expect(zero.stderrLines == ["podline: no find result 0: the last find had 4 results, numbered from 1"], "\(zero.stderr)")
        #expect(try world.podline(["update"]).status == 0)
        let episodes = try world.podline(["episodes", "--json"]).stdout
        #expect(episodes.contains("Café News Daily 1"), "\(episodes)")

        // The results are the library's: the REPL subscribes to another of them, and the next find marks both.
        let piped = try PodlineBinary.run(
            ["repl"], home: world.home,
            environment: ["XDG_CONFIG_HOME": world.home.appendingPathComponent("config").path],
            stdin: Data("add find/1\n".utf8))
        #expect(piped.status == 0 && piped.stdout.contains("Café & Crème Talk"), "\(piped.stdout) \(piped.stderr)")
        let again = Self.results(try world.podline(["find", "café", "--json"]))
        #expect(again.map { $0["subscribed"] as? Bool } == [true, true, false, false])
        let text = try world.podline(["find", "café"]).stdout
        #expect(text.contains("[subscribed]") && text.contains("[not subscribable]"), "\(text)")
    }

    @Test("Podcast Index: signed requests, a refused key or a skewed clock (77), no key (78), trending, pages, and all merged")
    func podcastIndex() throws {
        let world = try Self.world()
        defer { world.stop() }
        let index = try world.podline(["find", "café", "--directory", "podcastindex", "--json"])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(Self.results(index).map { $0["title"] as? String } == ["Café & Crème Talk", "Café Index Only 中文 🎧"])
        #expect(try world.requests().last?.query == ["q": "café", "max": "20"])

        let merged = Self.results(try world.podline(["find", "café", "--directory", "all", "--json"]))
        #expect(merged.count == 5, "\(merged)")
        #expect(merged.first?["directories"] as? [String] == ["itunes", "podcastindex"])

        let wrong = try world.podline(
            ["find", "café", "--directory", "podcastindex"], environment: ["PODLINE_PODCASTINDEX_SECRET": "nope"])
        #expect(wrong.status == 77 && wrong.stderrLines.count == 1 && wrong.stderr.contains("clock"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("nope"))
        _ = try world.directory.request("/_control", body: #"{"skew":600}"#)
        #expect(try world.podline(["find", "café", "--directory", "podcastindex"]).status == 77)
        _ = try world.directory.request("/_control", body: #"{"skew":0}"#)

        let trending = try world.podline(["find", "--trending", "--lang", "fr", "--category", "Food", "--json"])
        #expect(Self.results(trending).map { $0["title"] as? String } == ["Café & Crème Talk"], "\(trending.stderr)")
        #expect(try world.requests().last?.query == ["max": "20", "lang": "fr", "cat": "Food"])

        let page = try world.podline(["add", "https://podcasts.apple.com/fr/podcast/cafe-creme/id1001"])
        #expect(page.status == 0 && page.stdout.contains("Café & Crème Talk"), "\(page.stdout) \(page.stderr)")
        #expect(try world.requests().last?.query["id"] == "1001")
        let indexPage = try world.podline(["add", "https://podcastindex.org/podcast/2005"])
        #expect(indexPage.status == 0 && indexPage.stdout.contains("Café Index Only"), "\(indexPage.stdout) \(indexPage.stderr)")

        let keyless = try Self.world(key: nil)
        defer { keyless.stop() }
        let missing = try keyless.podline(["find", "café", "--directory", "podcastindex"])
        #expect(missing.status == 78 && missing.stderr.contains("podcastindex_key"), "\(missing.stderr)")
    }

    @Test(
        "bad answers: HTML, truncated JSON, 403, 404, 429, 500 (each a directory that failed: 69), 10,000 results, a slow directory, no directory at all"
    )
    func badAnswers() throws {
        let world = try Self.world()
        defer { world.stop() }
        for (fault, status, words) in [
            ("html", 69, "not the JSON"), ("truncated", 69, "not the JSON"), ("403", 69, "too many requests"),
            ("404", 69, "the directory failed (HTTP 404)"), ("429", 69, "too many requests"), ("500", 69, "HTTP 500"),
        ] {
            _ = try world.directory.request("/_control", body: #"{"fault":"\#(fault)"}"#)
            let failed = try world.podline(["find", "café"])
            #expect(
                failed.status == Int32(status) && failed.stderrLines.count == 1 && failed.stderr.contains(words),
                "\(fault): \(failed.stderr)")
        }
        _ = try world.directory.request("/_control", body: #"{"fault":null,"many":10000}"#)
        #expect(Self.results(try world.podline(["find", "café", "--json"])).count == 20)
        #expect(Self.results(try world.podline(["find", "café", "--limit", "200", "--json"])).count == 200)
        _ = try world.directory.request("/_control", body: #"{"fault":"slow","many":0}"#)
        let started = Date()
        let slow = try world.podline(["find", "café"])
        #expect(slow.status == 69 && slow.stderr.contains("timed out") && Date().timeIntervalSince(started) < 25, "\(slow.stderr)")
        world.directory.stop()
        let gone = try world.podline(["find", "café"])
        #expect(gone.status == 69 && gone.stderr.contains("connection refused"), "\(gone.stderr)")
    }

    @Test("add podroll/SHOW/N subscribes to a recommended show: by the feed address the podroll gives, else by its guid")
    func podrollAdd() throws {
        let world = try Self.world()
        defer { world.stop() }
        let roll = world.home.appendingPathComponent("roll.xml")
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Roll</title>
        <podcast:podroll>
          <podcast:remoteItem feedGuid="11111111-2222-5333-8444-555555555555" feedUrl="\(world.files.url("news.xml"))"/>
          <podcast:remoteItem feedGuid="\(Self.indexOnlyGUID)"/>
          <podcast:remoteItem feedGuid="00000000-0000-5000-8000-000000000000"/>
        </podcast:podroll>
        <item><title>One</title><guid>roll-1</guid><enclosure url="\(world.files.url("news-1.mp3"))" type="audio/mpeg"/></item>
        </channel></rss>
        """.write(to: roll, atomically: true, encoding: .utf8)
        #expect(try world.podline(["add", roll.path]).status == 0)
        let show = try world.podline(["show", "roll"])
        #expect(
            show.stdout.contains(
                "Recommends (podline add podroll/roll/N):\n  1. \(world.files.url("news.xml"))\n  2. podcast:guid \(Self.indexOnlyGUID)\n"),
            "\(show.stdout)")

        let byAddress = try world.podline(["add", "podroll/roll/1"])
        #expect(byAddress.status == 0 && byAddress.stdout.contains("Café News Daily"), "\(byAddress.stdout) \(byAddress.stderr)")
        #expect(try world.requests().isEmpty, "the podroll gave the address: no directory asked")
        let byGUID = try world.podline(["add", "podroll/roll/2"])
        #expect(byGUID.status == 0 && byGUID.stdout.contains("Café Index Only"), "\(byGUID.stdout) \(byGUID.stderr)")
        let asked = try world.requests().last
        #expect(asked?.path == "/api/1.0/podcasts/byguid" && asked?.query == ["guid": Self.indexOnlyGUID])

        for (words, message) in [
            ("podroll/roll/3", "podroll/roll/3: Podcast Index knows no show with the podcast:guid 00000000-0000-5000-8000-000000000000"),
            ("podroll/roll/4", "podroll/roll/4: no recommended show 4; roll recommends 3 (see podline show roll)"),
            ("podroll/nosuch/1", "podroll/nosuch/1: no show nosuch"),
        ] {
            let refused = try world.podline(["add", words])
            #expect(refused.status == 2 && refused.stderrLines == ["podline: " + message], "\(refused.stderr)")
        }
        let keyless = try Self.world(key: nil)
        defer { keyless.stop() }
        #expect(try keyless.podline(["add", roll.path]).status == 0)
        let missing = try keyless.podline(["add", "podroll/roll/2"])
        #expect(missing.status == 78 && missing.stderr.contains("podcastindex_key"), "\(missing.stderr)")
    }

    @Test("find/N with no find run yet, or find/0, says there is no such result (not a missing file): one line, exit 2")
    func noFindResult() throws {
        let home = try Fixtures.temporaryDirectory("pl-directory")
        for command in [["add", "find/0"], ["add", "find/1"], ["inspect", "find/3"]] {
            let result = try PodlineBinary.run(command, home: home)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderrLines == ["podline: no find result \(command[1].dropFirst(5)): run podline find first"], "\(command)")
        }
    }

    @Test("a result's lines fit the terminal, wide characters counted as two")
    func fitsTheTerminal() {
        var result = DirectoryResult(
            title: "中文播客 🎧 with a long English title after it", author: "作者 Zoë", feedURL: "https://example.org/feed.xml",
            sources: ["podcastindex"])
        result.episodes = 120
        result.genres = ["Technology", "News"]
        for columns in [30, 40, 80] {
            let lines = LibraryTaskRunner.lines(result, number: 12, subscribed: true, columns: columns)
            #expect(lines.count == 3 && lines.allSatisfy { TerminalText.width($0) <= columns }, "\(columns): \(lines)")
            #expect(lines[0].hasSuffix("[subscribed]"))
        }
    }
}
