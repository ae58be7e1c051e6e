import Foundation
import TestSupport
import Testing

/// Looking after a library, end to end on the built binary with feeds served on 127.0.0.1: remove, delete, mark in
/// bulk and by date, download what is new.
@Suite("looking after a library, end to end", .serialized)
struct LibraryCareTests {
    /// Two shows of three episodes each, served over HTTP, subscribed in a fresh library.
    private struct Library {
        let home: URL
        let server: SlowFileServer

        init() throws {
            home = try Fixtures.temporaryDirectory("pl-care")
            let served = home.appendingPathComponent("served")
            try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
            let tone = try Data(contentsOf: try Fixtures.toneMP3(in: served, name: "tone.mp3", seconds: 1))
            server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
            for show in ["alpha", "beta"] {
                var items = ""
                for day in 1...3 {
                    let file = "\(show)-\(day).mp3"
                    try tone.write(to: served.appendingPathComponent(file))
                    items += """
                        <item><title>\(show) \(day)</title><guid>\(file)</guid>\
                        <pubDate>Mon, 0\(day) Jan 2024 08:00:00 +0000</pubDate>\
                        <enclosure url="\(server.url(file))" type="audio/mpeg" length="\(tone.count)"/></item>
                        """
                }
                let feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(show)</title>\(items)</channel></rss>"
                try feed.write(to: served.appendingPathComponent("\(show).xml"), atomically: true, encoding: .utf8)
                let added = try run(["add", server.url("\(show).xml")])
                #expect(added.status == 0, "\(added.stderr)")
            }
        }

        func run(_ arguments: [String]) throws -> ProcessResult {
            try PodlineBinary.run(arguments, home: home, environment: ["NO_COLOR": "1"])
        }

        /// The listed episodes of `show` (all shows when nil), as JSON objects.
        func episodes(_ arguments: [String] = []) throws -> [[String: Any]] {
            let listed = try run(["episodes"] + arguments + ["--json"])
            return (try? JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]]) ?? []
        }

        /// The downloaded files the library lists.
        func files() throws -> [String] {
            try episodes(["--downloaded"]).compactMap { $0["file"] as? String }
        }
    }

    @Test("remove: the show, its episodes and its downloads go; the other show is untouched; a later add starts afresh")
    func remove() throws {
        let library = try Library()
        defer { library.server.stop() }
        #expect(try library.run(["download", "alpha/1", "beta/1"]).status == 0)
        let files = try library.files()
        #expect(files.count == 2)
        #expect(try library.run(["mark", "alpha/2", "played"]).status == 0)

        let unknown = try library.run(["remove", "alpha", "gamma"])
        #expect(unknown.status == 2 && unknown.stderrLines == ["podline: gamma: no such show (see podline shows)"])
        #expect(try library.episodes(["alpha"]).count == 3, "nothing is removed when one show is unknown")

        let removed = try library.run(["unsubscribe", "alpha"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "Removed alpha: alpha (3 episodes, 1 download deleted)\n")
        #expect(files.filter { FileManager.default.fileExists(atPath: $0) }.count == 1)
        #expect(try library.files().count == 1)
        #expect(try library.run(["episodes", "alpha"]).status != 0)
        let export = try library.run(["export"])
        #expect(!export.stdout.contains("alpha.xml") && export.stdout.contains("beta.xml"))

        #expect(try library.run(["add", library.server.url("alpha.xml")]).status == 0)
        let again = try library.episodes(["alpha"])
        #expect(again.count == 3 && again.allSatisfy { ($0["played"] as? Bool) == false && $0["file"] is NSNull }, "\(again)")
    }

    @Test("delete: the file goes, the episode stays and plays from its URL; a file already gone is said and fixed")
    func delete() throws {
        let library = try Library()
        defer { library.server.stop() }
        #expect(try library.run(["download", "beta/1", "beta/2"]).status == 0)
        let files = try library.files()
        let deleted = try library.run(["delete", "beta/1"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try library.files().count == 1)
        try FileManager.default.removeItem(atPath: try #require(try library.files().first))
        let gone = try library.run(["delete", "beta/2"])
        #expect(gone.status == 0 && gone.stdout.contains("was already gone"), "\(gone.stdout) \(gone.stderr)")
        #expect(try library.files().isEmpty)
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        let again = try library.run(["delete", "beta/1"])
        #expect(again.status == 2 && again.stderrLines == ["podline: beta/1: not downloaded"])
        #expect(try library.episodes(["beta"]).count == 3)
    }

    @Test("mark: several references, a whole show, a catch-up by date; one summary line")
    func mark() throws {
        let library = try Library()
        defer { library.server.stop() }
        let several = try library.run(["mark", "alpha/1", "beta/1", "played"])
        #expect(several.stdout == "Marked 2 episodes played\n", "\(several.stderr)")
        let show = try library.run(["mark", "alpha", "played"])
        #expect(show.stdout == "Marked 2 episodes played\n", "alpha/1 was already played: \(show.stdout)")
        let caughtUp = try library.run(["mark", "unplayed", "--before", "2024-01-03"])
        #expect(caughtUp.stdout == "Marked 3 episodes unplayed\n", "alpha/1, alpha/2, beta/1: \(caughtUp.stdout)")
        let played = try library.episodes().filter { ($0["played"] as? Bool) == true }.compactMap { $0["ref"] as? String }
        #expect(played == ["alpha/3"])
        #expect(try library.run(["mark", "played", "--older-than", "3x"]).status == 64)
        #expect(try library.run(["mark", "nosuch", "played"]).status == 2)
    }

    @Test("download --new --limit 1: the newest new episode of each show")
    func downloadNew() throws {
        let library = try Library()
        defer { library.server.stop() }
        #expect(try library.run(["mark", "beta/3", "played"]).status == 0)
        let result = try library.run(["download", "--new", "--limit", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let downloaded = try library.episodes(["--downloaded"]).compactMap { $0["ref"] as? String }.sorted()
        #expect(downloaded == ["alpha/3", "beta/2"])
        let none = try library.run(["download", "--new", "alpha", "--limit", "5"])
        #expect(none.status == 0)
        #expect(try library.episodes(["--downloaded"]).count == 4)
    }

    @Test("auto_download = 1 in config.toml: update downloads the newest new episode of each show")
    func autoDownload() throws {
        let library = try Library()
        defer { library.server.stop() }
        let config = library.home.appendingPathComponent(".config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("auto_download = 1\n".utf8).write(to: config.appendingPathComponent("config.toml"))
        let updated = try library.run(["update"])
        #expect(updated.status == 0, "\(updated.stderr)")
        let downloaded = try library.episodes(["--downloaded"]).compactMap { $0["ref"] as? String }.sorted()
        #expect(downloaded == ["alpha/3", "beta/3"])
        let again = try library.run(["update"])
        #expect(again.status == 0)
        #expect(try library.episodes(["--downloaded"]).count == 4, "the next update takes the next newest")
        // A show's own setting wins: beta takes none, alpha its last one.
        try Data("auto_download = 1\n[show_auto_download]\nbeta = 0\n".utf8).write(to: config.appendingPathComponent("config.toml"))
        #expect(try library.run(["update"]).status == 0)
        let last = try library.episodes(["--downloaded"]).compactMap { $0["ref"] as? String }.sorted()
        #expect(last == ["alpha/1", "alpha/2", "alpha/3", "beta/2", "beta/3"])
    }

    @Test("adding a feed already subscribed says so and exits 0; show and notes describe a show and an episode")
    func describe() throws {
        let library = try Library()
        defer { library.server.stop() }
        let again = try library.run(["add", library.server.url("alpha.xml")])
        #expect(again.status == 0 && again.stdout == "\(library.server.url("alpha.xml")): already subscribed as alpha\n")
        let show = try library.run(["show", "alpha"])
        #expect(show.status == 0)
        #expect(show.stdout.hasPrefix("alpha (alpha)\nFeed: \(library.server.url("alpha.xml"))\nEpisodes: 3, 3 unplayed, 0 downloaded\n"))
        let notes = try library.run(["notes", "alpha/2", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: notes.stdoutData) as? [String: Any])
        #expect(object["ref"] as? String == "alpha/2" && object["title"] as? String == "alpha 2" && object["played"] as? Bool == false)
        let unknown = try library.run(["notes", "alpha/9"])
        #expect(unknown.status == 2 && unknown.stderrLines == ["podline: alpha/9: no such episode"])
    }
}
