import Foundation
import Testing

@testable import PodcastKit

@Suite("HTTP against a loopback server")
struct HTTPFetcherTests {
    static let feed = FeedFixtures.rss(
        title: "Served",
        items: [
            ("s1", "One", "Mon, 01 Jan 2024 00:00:00 GMT", "/media/one.mp3")
        ])

    private func withFetcher<T: Sendable>(
        _ timeouts: HTTPTimeouts = HTTPTimeouts(connect: 5, read: 10, total: 30),
        _ body: (HTTPFetcher) async throws -> T
    ) async throws -> T {
        let fetcher = HTTPFetcher(timeouts: timeouts)
        do {
            let result = try await body(fetcher)
            await fetcher.shutdown()
            return result
        } catch {
            await fetcher.shutdown()
            throw error
        }
    }

    @Test("conditional GET: an unchanged feed costs a 304, by ETag or by Last-Modified")
    func conditionalGet() async throws {
        let server = try LoopbackServer()
        try server.put("feed.xml", Self.feed)
        try await withFetcher { http in
            let first = try await http.fetchDocument(server.url("file/feed.xml"))
            #expect(first.body == Array(Self.feed.utf8))
            let etag = try #require(first.etag)
            let modified = try #require(first.lastModified)
            let byTag = try await http.fetchDocument(server.url("file/feed.xml"), etag: etag)
            #expect(byTag.notModified)
            #expect(byTag.etag == etag)
            let byDate = try await http.fetchDocument(server.url("file/feed.xml"), lastModified: modified)
            #expect(byDate.notModified)
        }
        let log = try server.log()
        #expect(log[1].headers["if-none-match"] != nil)
        #expect(log[2].headers["if-modified-since"] != nil)
    }

    @Test("redirect chains: followed, and only an all-permanent chain moves the feed")
    func redirects() async throws {
        let server = try LoopbackServer()
        try server.put("feed.xml", Self.feed)
        try await withFetcher { http in
            let permanent = try await http.fetchDocument(server.url("chain/301,308,301/file/feed.xml"))
            #expect(permanent.body == Array(Self.feed.utf8))
            #expect(permanent.permanentURL == server.url("file/feed.xml"))
            let mixed = try await http.fetchDocument(server.url("chain/301,302/file/feed.xml"))
            #expect(mixed.body != nil)
            #expect(mixed.permanentURL == nil)
            #expect(mixed.finalURL == server.url("file/feed.xml"))
            let ten = try await http.fetchDocument(server.url("chain/302,302,302,302,302,302,302,302,302,302/file/feed.xml"))
            #expect(ten.body != nil)
            await #expect(throws: HTTPFailure("too many redirects (more than 10)")) {
                try await http.fetchDocument(server.url("chain/302,302,302,302,302,302,302,302,302,302,302/file/feed.xml"))
            }
            await #expect(throws: HTTPFailure("redirect loop at \(server.url("loop"))")) {
                try await http.fetchDocument(server.url("loop"))
            }
        }
    }

    @Test("gzip-encoded answers are decompressed")
    func gzip() async throws {
        let server = try LoopbackServer()
        try server.put("feed.xml", Self.feed)
        let body = try await withFetcher { http in try await http.fetchDocument(server.url("file/feed.xml?gzip=1")).body }
        #expect(body == Array(Self.feed.utf8))
        #expect(try server.log().last?.headers["accept-encoding"]?.contains("gzip") == true)
        // A small download that inflates beyond the limit (a "gzip bomb") is refused.
        try server.put("bomb.xml", "<rss><channel><title>" + String(repeating: "a", count: 200_000) + "</title></channel></rss>")
        let limited = HTTPFetcher(timeouts: HTTPTimeouts(connect: 5, read: 10, total: 30), decompressionLimit: 10_000)
        await #expect(throws: HTTPFailure("larger than the size limit once decompressed")) {
            try await limited.fetchDocument(server.url("file/bomb.xml?gzip=1"))
        }
        await limited.shutdown()
    }

    @Test("HTTP errors, timeouts, truncation and refused connections have clear reasons")
    func failures() async throws {
        let server = try LoopbackServer()
        try server.put("feed.xml", Self.feed)
        try await withFetcher(HTTPTimeouts(connect: 2, read: 1, total: 10)) { http in
            await #expect(throws: HTTPFailure("HTTP 404 Not Found", status: 404)) {
                try await http.fetchDocument(server.url("status/404"))
            }
            await #expect(throws: HTTPFailure("timed out waiting for data (after 1 s)")) {
                try await http.fetchDocument(server.url("slow/3/file/feed.xml"))
            }
            await #expect(throws: HTTPFailure("timed out waiting for data (after 1 s)")) {
                try await http.fetchDocument(server.url("stall/file/feed.xml"))
            }
            await #expect(throws: HTTPFailure("the server closed the connection before the response ended (truncated)")) {
                try await http.fetchDocument(server.url("truncate/file/feed.xml"))
            }
            await #expect(throws: HTTPFailure("connection refused")) {
                try await http.fetchDocument("http://127.0.0.1:1/feed.xml")
            }
            await #expect(throws: HTTPFailure("larger than the 100-byte limit (325 bytes)")) {
                try await http.fetchDocument(server.url("file/feed.xml"), sizeCap: 100)
            }
        }
    }

    @Test("updating through the store: 304 changes nothing, 301 moves the stored URL, failures are recorded")
    func updater() async throws {
        let server = try LoopbackServer()
        try server.put("feed.xml", Self.feed)
        try server.put("broken.xml", "<html><body>Oops</body></html>")
        let library = try TemporaryLibrary()
        try await withFetcher { http in
            let loader = FeedLoader(http: http)
            let subscriber = Subscriber(store: library.store, loader: loader)
            let added = try await subscriber.subscribe(server.url("chain/301/file/feed.xml"))
            #expect(added.show.feedURL == server.url("file/feed.xml"))
            #expect(try library.store.episodes(EpisodeQuery()).first?.episode.enclosureURL == server.url("media/one.mp3"))
            let broken = try library.store.addShow(feedURL: server.url("file/broken.xml"), parsed: ParsedFeed())
            let updater = FeedUpdater(store: library.store, loader: loader)
            let results = try await updater.update(library.store.shows(), jobs: 4)
            #expect(
                results.map(\.outcome) == [
                    .failed("not a feed: the root element is <html> (line 1, column 1)"), .notModified,
                ] || results.map(\.outcome) == [.notModified, .failed("not a feed: the root element is <html> (line 1, column 1)")])
            #expect(
                try library.store.show(matching: broken.show.slug)?.lastError == "not a feed: the root element is <html> (line 1, column 1)"
            )
        }
        let conditional = try server.log().filter { $0.path == "/file/feed.xml" }.last
        #expect(conditional?.headers["if-none-match"] != nil)
    }
}
