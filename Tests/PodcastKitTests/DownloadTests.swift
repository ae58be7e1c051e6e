import Foundation
import Testing

@testable import PodcastKit

@Suite("Downloads")
struct DownloadTests {
    /// 300 KB of varied bytes.
    static let media = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) })

    /// A library with one show whose single episode's enclosure is `path` on `server`.
    private func library(server: LoopbackServer, path: String, title: String = "Episode One", length: Int? = nil) throws -> (
        TemporaryLibrary, EpisodeListing
    ) {
        let library = try TemporaryLibrary()
        let lengthAttribute = length.map { " length=\"\($0)\"" } ?? ""
        let feed = """
            <rss><channel><title>Down Loads</title><item><guid>d1</guid><title>\(title)</title>
            <enclosure url="\(server.url(path))"\(lengthAttribute) type="audio/mpeg"/></item></channel></rss>
            """
        _ = try library.store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(feed))
        return (library, try library.store.episode(.showNumber(slug: "down-loads", number: 1)))
    }

    private func download(_ library: TemporaryLibrary, _ listing: EpisodeListing) async throws -> URL {
        // Retried quickly: a truncating server spends the tries in a blink.
        let http = HTTPFetcher(timeouts: HTTPTimeouts(connect: 5, read: 10, total: 30), retry: RetryPolicy(delays: [0.01, 0.01]))
        do {
            let file = try await EpisodeDownloader(store: library.store, http: http).download(listing)
            await http.shutdown()
            return file
        } catch {
            await http.shutdown()
            throw error
        }
    }

    private func partFile(_ library: TemporaryLibrary, name: String) -> URL {
        library.store.paths.episodes.appendingPathComponent("down-loads/\(name).part")
    }

    @Test("a complete download is renamed into place and recorded")
    func complete() async throws {
        let server = try LoopbackServer()
        try server.put("ep.mp3", Self.media)
        let (library, listing) = try library(server: server, path: "file/ep.mp3")
        let file = try await download(library, listing)
        #expect(file.path == library.store.paths.episodes.appendingPathComponent("down-loads/1-Episode One.mp3").path)
        #expect(try Data(contentsOf: file) == Self.media)
        #expect(try library.store.episode(.id(listing.episode.id!)).episode.downloadPath == "down-loads/1-Episode One.mp3")
        #expect(!FileManager.default.fileExists(atPath: file.path + ".part"))
    }

    @Test("a finished download is recorded through the library's model: its episode shows the file, its observers hear")
    @MainActor
    func recordedThroughTheModel() async throws {
        let server = try LoopbackServer()
        try server.put("ep.mp3", Self.media)
        let (library, listing) = try library(server: server, path: "file/ep.mp3")
        let model = Library(store: library.store)
        try model.reload()
        let show = try #require(model.shows.first)
        try model.loadEpisodes(of: show)
        var heard: [LibraryChange] = []
        model.observe { heard.append($0) }
        let http = HTTPFetcher(timeouts: HTTPTimeouts(connect: 5, read: 10, total: 30), retry: RetryPolicy(delays: [0.01]))
        let record: @Sendable (LibraryChange) async throws -> Void = { change in _ = try await model.apply(change) }
        let downloader = EpisodeDownloader(store: library.store, http: http, record: record)
        let file = try await downloader.download(listing)
        await http.shutdown()
        let id = try #require(listing.episode.id)
        #expect(heard == [.downloaded(id, path: "down-loads/1-Episode One.mp3")])
        #expect(show.episodes.first { $0.id == id }?.downloadedFile?.path == file.path)
        #expect(try library.store.episode(.id(id)).episode.downloadPath == "down-loads/1-Episode One.mp3")
    }

    @Test("a partial file is resumed with Range and 206")
    func resume() async throws {
        let server = try LoopbackServer()
        try server.put("ep.mp3", Self.media)
        let (library, listing) = try library(server: server, path: "file/ep.mp3")
        let part = partFile(library, name: "1-Episode One.mp3")
        try FileManager.default.createDirectory(at: part.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.media.prefix(100_000).write(to: part)
        let file = try await download(library, listing)
        #expect(try Data(contentsOf: file) == Self.media)
        // The first request resumes; on a machine too busy to read within the timeouts, a retry may follow it.
        #expect(try server.log().first?.headers["range"] == "bytes=100000-")
    }

    @Test("a server that ignores Range (200) restarts the file cleanly")
    func restartOn200() async throws {
        let server = try LoopbackServer()
        try server.put("ep.mp3", Self.media)
        let (library, listing) = try library(server: server, path: "file/ep.mp3?norange=1")
        let part = partFile(library, name: "1-Episode One.mp3")
        try FileManager.default.createDirectory(at: part.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0xEE, count: 5000).write(to: part)
        let file = try await download(library, listing)
        #expect(try Data(contentsOf: file) == Self.media)
    }

    @Test("a 206 for the wrong range is refused and nothing is recorded")
    func wrongContentRange() async throws {
        let server = try LoopbackServer()
        try server.put("ep.mp3", Self.media)
        let (library, listing) = try library(server: server, path: "file/ep.mp3?badrange=1")
        let part = partFile(library, name: "1-Episode One.mp3")
        try FileManager.default.createDirectory(at: part.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.media.prefix(1000).write(to: part)
        await #expect(throws: DownloadError.self) { try await download(library, listing) }
        #expect(try library.store.episode(.id(listing.episode.id!)).episode.downloadPath == nil)
        #expect(try Data(contentsOf: part) == Self.media.prefix(1000), "the partial file is left as it was")
    }

    @Test("a truncated transfer keeps the part file, is not recorded, and resumes next time")
    func truncatedThenResumed() async throws {
        let server = try LoopbackServer()
        try server.put("ep.mp3", Self.media)
        let (library, listing) = try library(server: server, path: "truncate/file/ep.mp3")
        await #expect(throws: DownloadError.self) { try await download(library, listing) }
        #expect(try library.store.episode(.id(listing.episode.id!)).episode.downloadPath == nil)
        let part = partFile(library, name: "1-Episode One.mp3")
        let partial = try Data(contentsOf: part)
        #expect(partial == Self.media.prefix(partial.count))
        #expect(partial.count < Self.media.count)
        // The same episode from a server that now behaves.
        var fixed = listing
        fixed.episode.enclosureURL = server.url("file/ep.mp3")
        let file = try await download(library, fixed)
        #expect(try Data(contentsOf: file) == Self.media)
        #expect(try server.log().first { !$0.path.contains("truncate") }?.headers["range"] == "bytes=\(partial.count)-")
    }

    @Test("an episode without an enclosure cannot be downloaded")
    func notPlayable() async throws {
        let library = try TemporaryLibrary()
        _ = try library.store.addShow(
            feedURL: "https://example.com/f.xml",
            parsed: TemporaryLibrary.parse(
                "<rss><channel><title>T</title><item><guid>x</guid><title>Text only</title></item></channel></rss>"))
        let listing = try library.store.episode(.showNumber(slug: "t", number: 1))
        await #expect(throws: DownloadError("t/1: not playable (the feed gives no media file)")) {
            try await download(library, listing)
        }
    }

    @Test("file names: no traversal, no control characters, bounded, collisions resolved")
    func fileNames() {
        #expect(DownloadFileName.make(number: 3, title: "../../etc/passwd", url: "https://x/a.mp3", type: nil) == "3-etc passwd.mp3")
        #expect(
            DownloadFileName.make(number: 1, title: "Bell\u{7}\ttab\nline", url: "https://x/a.m4a?x=1", type: nil) == "1-Bell tab line.m4a")
        #expect(DownloadFileName.make(number: 2, title: nil, url: "https://x/path/show-ep.mp3", type: nil) == "2-show-ep.mp3")
        #expect(DownloadFileName.make(number: 2, title: "...", url: "https://x/download", type: "audio/mp4") == "2-download.m4a")
        let long = DownloadFileName.make(number: 1, title: String(repeating: "é", count: 400), url: "https://x/a.mp3", type: nil)
        #expect(long.utf8.count <= DownloadFileName.maxStemBytes + 10)
        let taken: Set = ["1-a.mp3", "1-a (2).mp3"]
        #expect(DownloadFileName.unique("1-a.mp3") { taken.contains($0) } == "1-a (3).mp3")
    }

    @Test("Content-Range parsing")
    func contentRange() {
        #expect(ContentRange("bytes 100-199/200") == ContentRange("bytes 100-199/200"))
        #expect(ContentRange("bytes 100-199/200")?.start == 100)
        #expect(ContentRange("bytes 100-199/*")?.total == nil)
        #expect(ContentRange("items 1-2/3") == nil)
        #expect(ContentRange("bytes 5-1/10") == nil)
    }
}
