import Foundation
import TestSupport
import Testing

/// A private feed behind HTTP Basic (`Tests/feeds/private_feed_server.py`): the credentials reach its host only, for the
/// feed and its enclosures, never the host a redirect leads to; and they appear in no output, log or export.
@Suite("private feeds: credentials sent to the feed's host only, and shown nowhere", .serialized)
struct PrivateFeedTests {
    static let password = "pa ss:w@rd"
    static let encoded = "pa%20ss%3Aw%40rd"

    @Test("add, update, download and play a feed behind Basic auth; a refused password is 77; the password shows nowhere")
    func basicAuth() throws {
        let folder = try Fixtures.temporaryDirectory("pl-private")
        for name in ["a", "b", "c"] { _ = try Fixtures.toneMP3(in: folder, name: "\(name).mp3", seconds: 3) }
        let server = try PythonService(script: "feeds/private_feed_server.py", arguments: [folder.path, "alice", Self.password])
        defer { server.stop() }
        for (name, title) in [("feed", "Private Show"), ("feed2", "Second Private")] {
            try """
            <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title>
            <item><title>A</title><guid>\(name)-a</guid><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><enclosure url="\(server.url)/a.mp3" type="audio/mpeg"/></item>
            <item><title>B</title><guid>\(name)-b</guid><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate><enclosure url="\(server.url)/b.mp3" type="audio/mpeg"/></item>
            <item><title>C</title><guid>\(name)-c</guid><pubDate>Wed, 03 Jan 2024 10:00:00 GMT</pubDate><enclosure url="\(server.url)/away/c.mp3" type="audio/mpeg"/></item>
            </channel></rss>
            """.write(to: folder.appendingPathComponent("\(name).xml"), atomically: true, encoding: .utf8)
        }
        let home = try Fixtures.temporaryDirectory("pl-private-home")
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        func podline(_ words: [String]) throws -> ProcessResult { try PodlineBinary.run(words, home: home, environment: environment) }
        func leaks(_ result: ProcessResult) -> Bool {
            (result.stdout + result.stderr).contains(Self.password) || (result.stdout + result.stderr).contains(Self.encoded)
        }
        let clean = "\(server.url)/feed.xml"
        let withCredentials = clean.replacingOccurrences(of: "http://", with: "http://alice:\(Self.encoded)@")

        // A feed that cannot be reached: the line names it with the password masked.
        let unreachable = try podline(["add", "http://alice:\(Self.encoded)@127.0.0.1:1/feed.xml"])
        #expect(unreachable.status == 2 && !leaks(unreachable), "\(unreachable.stderr)")

        let refused = try podline(["add", clean.replacingOccurrences(of: "http://", with: "http://alice:nope@")])
        #expect(refused.status == 77 && refused.stderrLines.count == 1 && !refused.stderr.contains("nope"), "\(refused.stderr)")
        #expect(refused.stderr.contains("refused the username or password"), "\(refused.stderr)")
        #expect(try podline(["shows", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")

        let added = try podline(["add", withCredentials, "--verbose"])
        #expect(added.status == 0 && added.stdout.contains("Private Show") && !leaks(added), "\(added.stdout) \(added.stderr)")
        let shows = try podline(["shows", "--json"])
        #expect(shows.stdout.contains(#""url":"\#(clean)""#) && !leaks(shows), "\(shows.stdout)")
        let updated = try podline(["update", "--verbose"])
        #expect(updated.status == 0 && !leaks(updated), "\(updated.stderr)")
        #expect(try podline(["download", "private-show/1"]).status == 0)
        let played = try podline(["play", "private-show/2", "--duration", "1", "--output", "wav:\(folder.path)/out.wav", "--verbose"])
        #expect(played.status == 0 && !leaks(played), "\(played.stderr)")
        let redirected = try podline(["download", "private-show/3"])
        #expect(redirected.status == 0, "\(redirected.stderr)")

        let requests = (try server.request("/_state")["requests"] as? [[String: String]]) ?? []
        let away = requests.filter { $0["host"]?.hasPrefix("localhost") == true }
        #expect(
            !away.isEmpty && away.allSatisfy { $0["authorization"] == "none" }, "no credentials after a redirect to another host: \(away)")
        let own = requests.filter { $0["host"]?.hasPrefix("127.0.0.1") == true && $0["path"] != "/feed.xml" || $0["path"] == "/a.mp3" }
        #expect(own.allSatisfy { $0["authorization"] == "right" }, "\(own)")
        #expect(requests.contains { $0["path"] == "/b.mp3" && $0["authorization"] == "right" }, "the stream had them")

        let exported = try podline(["export"])
        #expect(exported.stdout.contains(clean) && !leaks(exported))
        let full = try podline(["export", "--with-credentials"])
        #expect(full.stdout.contains("alice:\(Self.encoded)@127.0.0.1"), "\(full.stdout)")
        let attributes = try FileManager.default.attributesOfItem(atPath: home.appendingPathComponent("library.sqlite").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let second = try podline([
            "add", "\(server.url)/feed2.xml", "--user", "alice", "--password-command", "printf '%s\\n' '\(Self.password)'",
        ])
        #expect(second.status == 0 && second.stdout.contains("Second Private") && !leaks(second), "\(second.stdout) \(second.stderr)")
    }

    @Test(
        "a feed that asks for a password none was given for says so, and how to give it (77); inspect and chapters of a subscribed one send the kept credentials"
    )
    func needsCredentials() throws {
        let folder = try Fixtures.temporaryDirectory("pl-private")
        _ = try Fixtures.toneMP3(in: folder, name: "a.mp3", seconds: 2)
        let server = try PythonService(script: "feeds/private_feed_server.py", arguments: [folder.path, "alice", Self.password])
        defer { server.stop() }
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Private Show</title>
        <item><title>A</title><guid>a</guid><enclosure url="\(server.url)/a.mp3" type="audio/mpeg"/></item>
        </channel></rss>
        """.write(to: folder.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        let home = try Fixtures.temporaryDirectory("pl-private-home")
        func podline(_ words: [String]) throws -> ProcessResult {
            try PodlineBinary.run(words, home: home, environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
        }
        let clean = "\(server.url)/feed.xml"
        let needs =
            "podline: \(clean): the feed needs a username and password (HTTP 401): give them with add --user NAME, or in its URL as NAME:PASSWORD@ before the host"
        for command in [["add", clean], ["inspect", clean]] {
            let asked = try podline(command)
            #expect(asked.status == 77, "\(command): \(asked.stderr)")
            #expect(asked.stderrLines == [needs], "\(command)")
        }
        let refused = try podline(["add", clean.replacingOccurrences(of: "http://", with: "http://alice:nope@")])
        #expect(refused.status == 77 && refused.stderrLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("the server refused the username or password (HTTP 401)"), "\(refused.stderr)")

        let added = try podline(["add", clean.replacingOccurrences(of: "http://", with: "http://alice:\(Self.encoded)@")])
        #expect(added.status == 0, "\(added.stderr)")
        let inspected = try podline(["inspect", clean])
        #expect(inspected.status == 0 && inspected.stderr.isEmpty, "\(inspected.stderr)")
        #expect(inspected.stdoutLines.first == "Title:       Private Show", "\(inspected.stdout)")
        let chapters = try podline(["chapters", "\(server.url)/a.mp3"])
        #expect(chapters.status == 0 && chapters.stdout == "No chapters.\n", "\(chapters.stdout) \(chapters.stderr)")
        let requests = (try server.request("/_state")["requests"] as? [[String: String]]) ?? []
        let own = requests.filter { ["/feed.xml", "/a.mp3"].contains($0["path"] ?? "") }.suffix(2)
        #expect(
            own.map { $0["path"] ?? "" } == ["/feed.xml", "/a.mp3"] && own.allSatisfy { $0["authorization"] == "right" }, "\(requests)")
    }
}
