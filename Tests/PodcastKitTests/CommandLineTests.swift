import Foundation
import TestSupport
import Testing

@testable import PodcastKit

/// Runs the built `podline` binary against private library folders.
@Suite("podline library commands (end to end)")
struct CommandLineTests {
    private func podline(_ arguments: [String], home: URL, timeout: TimeInterval = 60) async throws -> ProcessResult {
        try await Blocking.run { try PodlineBinary.run(arguments, home: home, environment: ["NO_COLOR": "1"], timeout: timeout) }
    }

    private func write(_ text: String, to folder: URL, name: String) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    private func jsonArray(_ result: ProcessResult) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
    }

    @Test("inspect --json prints the documented shape")
    func inspectJSON() async throws {
        let home = try Fixtures.temporaryDirectory()
        let feed = try write(FeedFixtures.lenientRSS, to: home, name: "feed.xml")
        let result = try await podline(["inspect", feed.path, "--json"], home: home)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"title":"Café Talk\#u{A0}Show © &bogus; & friends","link":"#))
        let object = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let episodes = try #require(object["episodes"] as? [[String: Any]])
        #expect(episodes.count == 4)
        #expect(episodes[0]["published"] as? String == "2024-01-03T16:30:00Z")
        #expect(episodes[0]["duration"] as? Int == 3723)
        #expect((episodes[0]["enclosure"] as? [String: Any])?["length"] as? Int == 12345)
        #expect(episodes[3]["enclosure"] is NSNull)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("library.sqlite").path), "inspect does not subscribe")
    }

    @Test("a truncated feed: inspect, add and update keep what arrived and warn with line and column on stderr")
    func truncatedFeedWarns() async throws {
        let home = try Fixtures.temporaryDirectory()
        let whole = LibraryStoreTests.three
        let cut = String(whole[..<whole.range(of: "</item>", options: .backwards)!.lowerBound])
        let feed = try write(cut, to: home, name: "cut.xml")
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false)
        let endPlace = "line \(lines.count), column \(lines.last!.utf8.count + 1)"
        let inspected = try await podline(["inspect", feed.path, "--json"], home: home)
        #expect(inspected.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: inspected.stdoutData) as? [String: Any])
        #expect((object["episodes"] as? [[String: Any]])?.count == 3, "the last, cut item is kept")
        #expect(inspected.stderrLines.count == 1)
        #expect(
            inspected.stderrLines.first?.hasPrefix("podline: warning: \(feed.path): truncated: the document ends (\(endPlace)) inside <")
                == true)
        let added = try await podline(["add", feed.path], home: home)
        #expect(added.status == 0)
        #expect(added.stderrLines == inspected.stderrLines)
        let updated = try await podline(["update", "--json"], home: home)
        #expect(updated.status == 0)
        let result = try #require(
            JSONSerialization.jsonObject(with: updated.stdoutData) as? [String: Any], "one NDJSON line for the one show")
        let warnings = try #require(result["warnings"] as? [String])
        #expect(warnings.count == 1 && warnings[0].hasPrefix("truncated: the document ends (\(endPlace))"))
    }

    @Test("unreadable feeds and files: one line naming the thing and the reason, exit 2")
    func unreadable() async throws {
        let home = try Fixtures.temporaryDirectory()
        let missing = home.appendingPathComponent("missing.xml").path
        let result = try await podline(["inspect", missing], home: home)
        #expect(result.status == 2)
        #expect(result.stderrLines == ["podline: \(missing): No such file or directory"])
        let html = try write("<html><body>nope</body></html>", to: home, name: "page.html")
        let notFeed = try await podline(["add", html.path], home: home)
        #expect(notFeed.status == 2)
        #expect(notFeed.stderrLines == ["podline: \(html.path): not a feed: the root element is <html> (line 1, column 1)"])
        let shows = try await podline(["shows", "--json"], home: home)
        #expect(try jsonArray(shows).isEmpty, "nothing was added")
    }

    @Test("add, shows, episodes, mark and fav with stable references")
    func subscribeAndMark() async throws {
        let home = try Fixtures.temporaryDirectory()
        let feed = try write(LibraryStoreTests.three, to: home, name: "three.xml")
        let added = try await podline(["add", feed.path], home: home)
        #expect(added.status == 0)
        #expect(added.stdout == "Added three-episodes: Three Episodes (3 episodes)\n")
        let shows = try await jsonArray(podline(["shows", "--json"], home: home))
        #expect(shows.map { $0["slug"] as? String } == ["three-episodes"])
        #expect(shows.first?["episodes"] as? Int == 3)
        #expect(try await podline(["mark", "three-episodes/1", "played"], home: home).stdout == "three-episodes/1: played\n")
        #expect(try await podline(["fav", "three-episodes/2"], home: home).stdout == "three-episodes/2: favourite\n")
        let fresh = try await jsonArray(podline(["episodes", "three-episodes", "--new", "--json"], home: home))
        #expect(fresh.map { $0["ref"] as? String } == ["three-episodes/3", "three-episodes/2"])
        let favourites = try await jsonArray(podline(["episodes", "--favorites", "--json"], home: home))
        #expect(favourites.map { $0["ref"] as? String } == ["three-episodes/2"])
        let search = try await jsonArray(podline(["episodes", "--search", "third", "--json"], home: home))
        #expect(search.map { $0["title"] as? String } == ["Third"])
        let limited = try await podline(["episodes", "--limit", "1"], home: home)
        #expect(limited.stdout.split(separator: "\n").count == 1)
        #expect(limited.stdout.hasPrefix("three-episodes/3"))
        let id = try #require(fresh.first?["id"] as? Int)
        #expect(try await podline(["mark", String(id), "played"], home: home).stdout == "three-episodes/3: played\n")
    }

    @Test("bad references: malformed is a usage error (64), unknown is unreadable (2)")
    func badReferences() async throws {
        let home = try Fixtures.temporaryDirectory()
        let malformed = try await podline(["mark", "not/a-ref", "played"], home: home)
        #expect(malformed.status == 64)
        #expect(
            malformed.stderrLines == [
                "podline: invalid episode reference 'not/a-ref': expected SHOW/NUMBER, SHOW/latest, SHOW or an episode id"
            ])
        let unknownShow = try await podline(["mark", "not-a-ref", "played"], home: home)
        #expect(unknownShow.status == 2)
        #expect(unknownShow.stderrLines == ["podline: not-a-ref: no such episode or show"])
        let unknown = try await podline(["fav", "nope/9"], home: home)
        #expect(unknown.status == 2)
        #expect(unknown.stderrLines == ["podline: nope/9: no such episode"])
        let badState = try await podline(["mark", "nope/9", "half-played"], home: home)
        #expect(badState.status == 64)
    }

    @Test("update: a failing feed is reported and exits 2, the others are updated")
    func updateWithFailure() async throws {
        let server = try LoopbackServer()
        let home = try Fixtures.temporaryDirectory()
        try server.put("good.xml", LibraryStoreTests.three)
        try server.put("bad.xml", LibraryStoreTests.three.replacingOccurrences(of: "Three Episodes", with: "Soon Broken"))
        #expect(try await podline(["add", server.url("file/good.xml")], home: home).status == 0)
        #expect(try await podline(["add", server.url("file/bad.xml")], home: home).status == 0)
        try server.put("bad.xml", "<html>gone</html>")
        try server.put(
            "good.xml",
            FeedFixtures.rss(
                title: "Three Episodes",
                items: [
                    ("g4", "Fourth", "Thu, 04 Jan 2024 00:00:00 GMT", "https://x.example.com/4.mp3")
                ]))
        let result = try await podline(["update", "--jobs", "2"], home: home)
        #expect(result.status == 2)
        #expect(
            result.stderrLines == [
                "podline: soon-broken: \(server.url("file/bad.xml")): not a feed: the root element is <html> (line 1, column 1)"
            ])
        #expect(result.stdout.contains("three-episodes: 1 new episode\n"))
        #expect(result.stdout.contains("Updated 1 of 2 feeds: 1 new episode, 1 failed."))
        let again = try await podline(["update", "three-episodes"], home: home)
        #expect(again.status == 0, "an unchanged feed answers 304")
        #expect(try server.log().last?.headers["if-none-match"] != nil)
        let unknown = try await podline(["update", "no-such-show"], home: home)
        #expect(unknown.status == 2)
    }

    @Test("import and export OPML through a round trip; a file that is not OPML imports nothing")
    func opml() async throws {
        let server = try LoopbackServer()
        let home = try Fixtures.temporaryDirectory()
        try server.put("a.xml", FeedFixtures.rss(title: "Alpha", items: [("a1", "A1", "Mon, 01 Jan 2024 00:00:00 GMT", "/a1.mp3")]))
        try server.put("b.xml", FeedFixtures.rss(title: "Beta", items: []))
        let notOPML = try write(LibraryStoreTests.three, to: home, name: "feed.opml")
        let refused = try await podline(["import", notOPML.path], home: home)
        #expect(refused.status == 2)
        #expect(refused.stderrLines == ["podline: \(notOPML.path): not OPML: the root element is <rss> (line 2, column 1)"])
        let list = OPMLWriter.write(
            OPMLDocument(entries: [
                .init(title: "Alpha", feedURL: server.url("file/a.xml")),
                .init(title: "Beta", feedURL: server.url("file/b.xml")),
                .init(title: "Gone", feedURL: server.url("status/404")),
                .init(title: "Alpha again", feedURL: server.url("file/a.xml")),
            ]))
        let opml = try write(list, to: home, name: "subs.opml")
        let imported = try await podline(["import", opml.path], home: home)
        #expect(imported.status == 2, "one feed could not be read")
        #expect(imported.stderrLines == ["podline: \(server.url("status/404")): HTTP 404 Not Found"])
        #expect(imported.stdout == "Imported 3 feeds (0 already subscribed, 1 unreadable now).\n")
        let exported = try await podline(["export"], home: home)
        #expect(exported.status == 0)
        let document = try OPMLParser.parse(Array(exported.stdoutData))
        #expect(Set(document.entries.map(\.feedURL)) == [server.url("file/a.xml"), server.url("file/b.xml"), server.url("status/404")])
        let path = home.appendingPathComponent("out.opml")
        #expect(try await podline(["export", path.path], home: home).status == 0)
        let otherHome = try Fixtures.temporaryDirectory()
        _ = try await podline(["import", path.path], home: otherHome)
        let reExported = try await podline(["export"], home: otherHome)
        #expect(try OPMLParser.parse(Array(reExported.stdoutData)).entries == document.entries)
    }

    @Test("download: progress events when not on a terminal, the file recorded, an episode without audio refused")
    func download() async throws {
        let server = try LoopbackServer()
        let home = try Fixtures.temporaryDirectory()
        try server.put("ep.mp3", DownloadTests.media)
        try server.put(
            "feed.xml",
            """
            <rss><channel><title>Get</title>
            <item><guid>1</guid><title>Audio</title><enclosure url="/file/ep.mp3" type="audio/mpeg"/></item>
            <item><guid>2</guid><title>Text</title></item></channel></rss>
            """)
        #expect(try await podline(["add", server.url("file/feed.xml")], home: home).status == 0)
        let result = try await podline(["download", "get/2"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.first?["event"] as? String == "download-progress")
        #expect(events.last?["event"] as? String == "download-finished")
        let file = home.appendingPathComponent("episodes/get/2-Audio.mp3")
        #expect(try Data(contentsOf: file) == DownloadTests.media)
        let listed = try await jsonArray(podline(["episodes", "--downloaded", "--json"], home: home))
        #expect(listed.map { $0["file"] as? String } == [file.path])
        let text = try await podline(["download", "get/1"], home: home)
        #expect(text.status == 2)
        #expect(
            text.stderrLines == ["podline: get/1: not playable (the feed gives no media file)"],
            "undated items are numbered oldest (last in the feed) first")
    }

    @Test("--keep N keeps the N newest downloads and deletes the older played ones")
    func retention() async throws {
        let server = try LoopbackServer()
        let home = try Fixtures.temporaryDirectory()
        try server.put("ep.mp3", Data("audio".utf8))
        try server.put(
            "feed.xml",
            FeedFixtures.rss(
                title: "Keep",
                items: (1...3).map {
                    ("k\($0)", "K\($0)", "Mon, 0\($0) Jan 2024 00:00:00 GMT", server.url("file/ep.mp3"))
                }))
        #expect(try await podline(["add", server.url("file/feed.xml")], home: home).status == 0)
        #expect(try await podline(["download", "keep/1", "keep/2", "keep/3"], home: home).status == 0)
        for ref in ["keep/1", "keep/2"] { _ = try await podline(["mark", ref, "played"], home: home) }
        #expect(try await podline(["download", "keep/3", "--keep", "1"], home: home).status == 0)
        let downloaded = try await jsonArray(podline(["episodes", "--downloaded", "--json"], home: home))
        // The newest download stays; the older ones, played, go.
        #expect(downloaded.map { $0["ref"] as? String } == ["keep/3"])
        for file in ["1-K1.mp3", "2-K2.mp3"] {
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("episodes/keep/\(file)").path))
        }
    }
}
