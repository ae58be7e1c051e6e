import Foundation
import TestSupport
import Testing

/// Playlists travel with `export`: the OPML list carries them in an outline of their own (read back here with
/// python3's own XML parser), and `import` of that list in a new library makes the same playlists, in the same order.
@Suite("playlists in export and import", .serialized)
struct PlaylistExportTests {
    @Test("export writes every playlist; import in another library makes them again, the queue's episodes included")
    func roundTrip() throws {
        let folder = try Fixtures.temporaryDirectory("pl-playlist-export")
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        _ = try Fixtures.toneMP3(in: served, name: "a.mp3", seconds: 1, rate: 22_050, channels: 1, bitrate: 32)
        let server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        let items = (1...5).map { number in
            """
            <item><title>Talk & \(number)</title><guid>talk-\(number)</guid>\
            <pubDate>\(String(format: "Mon, %02d Jun 2025 10:00:00 +0000", number))</pubDate>\
            <enclosure url="\(server.url("a.mp3"))?n=\(number)" type="audio/mpeg"/></item>
            """
        }
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Talks</title>
        \(items.joined(separator: "\n"))
        </channel></rss>
        """.write(to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)

        let first = folder.appendingPathComponent("first")
        let second = folder.appendingPathComponent("second")
        func run(_ arguments: [String], in home: URL) throws -> ProcessResult {
            let result = try PodlineBinary.run(arguments, home: home)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }
        _ = try run(["add", server.url("feed.xml")], in: first)
        _ = try run(["playlist", "add", "short", "--unplayed", "--max-duration", "40m", "--sort", "oldest"], in: first)
        _ = try run(["playlist", "add", "later", "talks/4", "talks/1", "talks/3"], in: first)
        _ = try run(["queue", "add", "talks/5", "talks/2"], in: first)
        let file = folder.appendingPathComponent("list.opml")
        _ = try run(["export", file.path], in: first)

        // An independent reading of the list: one feed, and the playlists outline with each playlist and its episodes.
        let script = """
            import sys, xml.etree.ElementTree as ET
            body = ET.parse(sys.argv[1]).getroot().find('body')
            print(len([o for o in body.iter('outline') if o.get('xmlUrl')]))
            for p in body.iter('outline'):
                if p.get('type') == 'podline-playlist':
                    print(p.get('text'), p.get('query') is not None, [e.get('guid') for e in p.findall('outline')])
            """
        let read = try CommandRunner.run("/usr/bin/python3", ["-c", script, file.path])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(
            read.stdoutLines == [
                "1", "later False ['talk-4', 'talk-1', 'talk-3']", "queue False ['talk-5', 'talk-2']", "short True []",
            ])

        let imported = try run(["import", file.path], in: second)
        #expect(imported.stdout.contains("Restored 3 playlists: later, queue, short."), "\(imported.stdout)")
        #expect(imported.stderr.isEmpty, "\(imported.stderr)")
        #expect(try run(["playlist", "--json"], in: second).stdout == run(["playlist", "--json"], in: first).stdout)
        // The same episodes in the same order (each library saw them first at its own time).
        func refs(_ words: [String], in home: URL) throws -> [String] {
            let array = try JSONSerialization.jsonObject(with: try run(words + ["--json"], in: home).stdoutData) as? [[String: Any]]
            return (array ?? []).compactMap { $0["ref"] as? String }
        }
        for words in [["episodes", "later"], ["queue"], ["episodes", "short"]] {
            #expect(try refs(words, in: second) == refs(words, in: first), "\(words)")
        }
        #expect(try run(["episodes", "later"], in: second).stdoutLines.map { $0.prefix(7) } == ["talks/4", "talks/1", "talks/3"])
    }
}
