import Foundation
import TestSupport
import Testing

@testable import PodcastKit

/// `kill -9` in the middle of work, then checks that the library is sound and nothing is half done.
@Suite("Crash safety (end to end)")
struct CrashSafetyTests {
    /// Starts `podline` and kills it with SIGKILL after `delay` seconds.
    private static func runAndKillProcess(_ arguments: [String], home: URL, after delay: TimeInterval) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PODLINE_HOME"] = home.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private static func bigFeed(title: String, count: Int) -> String {
        FeedFixtures.rss(
            title: title,
            items: (1...count).map { index in
                (
                    "big-\(index)", "Episode \(index) of a long-running show", "Mon, 01 Jan 2024 00:00:00 GMT",
                    "https://x.example.com/\(index).mp3"
                )
            })
    }

    @Test("kill -9 during update: integrity ok and every feed either fully applied or untouched")
    func killDuringUpdate() async throws {
        let server = try LoopbackServer()
        let home = try Fixtures.temporaryDirectory()
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        let small = FeedFixtures.rss(
            title: "S", items: [("big-1", "Episode 1", "Mon, 01 Jan 2024 00:00:00 GMT", "https://x.example.com/1.mp3")])
        for index in 0..<24 {
            try server.put("feed\(index).xml", Self.bigFeed(title: "Show \(index)", count: 1500))
            _ = try store.addShow(feedURL: server.url("slow/0.\(index % 10)/file/feed\(index).xml"), parsed: TemporaryLibrary.parse(small))
        }
        try await Blocking.run { try Self.runAndKillProcess(["update", "--jobs", "4"], home: home, after: 1.0) }
        let check = try LibraryStore(paths: LibraryPaths(home: home.path))
        #expect(try check.integrityCheck() == "ok")
        var applied = 0
        for show in try check.shows() {
            let count = try check.episodes(EpisodeQuery(showID: show.id)).count
            #expect(count == 1 || count == 1500, "\(show.slug) has \(count) episodes")
            if count == 1500 { applied += 1 }
        }
        #expect(applied < 24, "the update was interrupted before the end")
    }

    @Test("kill -9 during download: no incomplete file is marked downloaded, and the next run resumes")
    func killDuringDownload() async throws {
        let server = try LoopbackServer()
        let home = try Fixtures.temporaryDirectory()
        let media = Data((0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try server.put("ep.mp3", media)
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        _ = try store.addShow(
            feedURL: "https://example.com/feed.xml",
            parsed: TemporaryLibrary.parse(
                """
                <rss><channel><title>Slow</title><item><guid>1</guid><title>Trickle</title>
                <enclosure url="\(server.url("trickle/file/ep.mp3"))" length="600000" type="audio/mpeg"/></item></channel></rss>
                """))
        try await Blocking.run { try Self.runAndKillProcess(["download", "slow/1"], home: home, after: 0.8) }
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.episode(.showNumber(slug: "slow", number: 1)).episode.downloadPath == nil)
        let folder = home.appendingPathComponent("episodes/slow")
        let part = folder.appendingPathComponent("1-Trickle.mp3.part")
        let partial = try Data(contentsOf: part)
        #expect(partial.count > 0 && partial.count < media.count)
        #expect(partial == media.prefix(partial.count))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("1-Trickle.mp3").path))
        let resumed = try await Blocking.run { try PodlineBinary.run(["download", "slow/1"], home: home, timeout: 120) }
        #expect(resumed.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("1-Trickle.mp3")) == media)
        #expect(try server.log().last?.headers["range"] == "bytes=\(partial.count)-")
    }

    @Test("two podline processes updating the same library at once lose nothing")
    func twoProcesses() async throws {
        let home = try Fixtures.temporaryDirectory()
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        for index in 0..<12 {
            let file = home.appendingPathComponent("feed\(index).xml")
            try Self.bigFeed(title: "Local \(index)", count: 200).write(to: file, atomically: true, encoding: .utf8)
            _ = try store.addShow(feedURL: file.path, parsed: ParsedFeed())
        }
        let results = try await Blocking.run { try Self.runTogether(home: home) }
        #expect(results == [0, 0])
        #expect(try store.integrityCheck() == "ok")
        for show in try store.shows() {
            #expect(try store.episodes(EpisodeQuery(showID: show.id)).count == 200)
        }
    }

    /// Runs two `podline update`s on the same library at once and returns their exit statuses.
    private static func runTogether(home: URL) throws -> [Int32] {
        let processes = try [["update", "--jobs", "3"], ["update", "--jobs", "3"]].map { arguments -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: PodlineBinary.path)
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["PODLINE_HOME"] = home.path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        return processes.map(\.terminationStatus)
    }
}
