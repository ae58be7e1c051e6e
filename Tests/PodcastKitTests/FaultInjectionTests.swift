import Foundation
import TestSupport
import Testing

@testable import PodcastKit

/// Faults injected into the real `podline` binary while it updates and downloads: `kill -9` at random
/// moments (seeded; the seed is in every failure message), repeated, with the library checked after each;
/// and a disk that fills up during a download.
@Suite("Fault injection: update and download", .serialized)
struct FaultInjectionTests {
    /// How many times each kind of work is interrupted.
    static let repetitions = 20

    // MARK: update

    /// Feed `index` as served in round `round`: `count` episodes (ids cumulative, so a feed only grows) and a
    /// title that names the round, so that a show's title tells which version of its feed was applied.
    private static func feed(index: Int, round: Int, count: Int) -> String {
        FeedFixtures.rss(
            title: "Show \(index) round \(round)",
            items: (1...count).map { number in
                let day = 1 + number % 28
                let hour = number % 24
                return (
                    "s\(index)-\(number)", "Episode \(number) of show \(index)",
                    "Mon, \(day) Jan 2024 \(hour):00:00 GMT", "https://x.example.com/\(index)/\(number).mp3"
                )
            })
    }

    @Test("kill -9 at random moments during update, 20 times: integrity ok, each show fully updated or untouched")
    func killDuringUpdate() async throws {
        var random = SeededGenerator()
        let server = try LoopbackServer()
        let home = try Fixtures.temporaryDirectory("podline-fault-update")
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        let feeds = 16
        for index in 0..<feeds {
            try server.put("feed\(index).xml", Self.feed(index: index, round: 0, count: 1))
            // Each feed answers after its own delay, so that the updates land one after another.
            let delay = String(format: "%.2f", 0.05 * Double(index % 8))
            _ = try store.addShow(
                feedURL: server.url("slow/\(delay)/file/feed\(index).xml"),
                parsed: TemporaryLibrary.parse(Self.feed(index: index, round: 0, count: 1)))
        }
        // A first, uninterrupted round measures how long a full update takes here.
        let fullUpdate = try await Blocking.run { try Self.measuredUpdate(home: home, server: server, feeds: feeds, round: 1) }
        var midWork = 0
        for round in 2..<(2 + Self.repetitions) {
            let count = try Self.serveRound(round, feeds: feeds, server: server)
            let before = try Dictionary(uniqueKeysWithValues: store.shows().map { ($0.id!, $0) })
            let delay = random.seconds(in: 0.05...(fullUpdate * 0.95))
            let context = "\(random), round \(round), killed after \(delay) s of a \(fullUpdate) s update"
            try await Blocking.run {
                let update = try BackgroundProcess.podline(["update", "--jobs", "4"], home: home)
                usleep(UInt32(delay * 1_000_000))
                update.killNow()
            }
            let check = try LibraryStore(paths: LibraryPaths(home: home.path))
            #expect(try check.integrityCheck() == "ok", "\(context)")
            var updated = 0
            for show in try check.shows() {
                let old = try #require(before[show.id!])
                let episodes = try check.episodes(EpisodeQuery(showID: show.id)).count
                let isNew = episodes == count && show.title == "Show \(show.feedIndex) round \(round)"
                let isOld = episodes == old.episodeCount && show.title == old.title
                #expect(
                    isNew || isOld,
                    "\(show.slug): \(episodes) episodes titled \(show.title ?? "-"); before \(old.episodeCount) titled \(old.title ?? "-"), feed \(count); \(context)"
                )
                #expect(show.episodeCount == episodes, "\(show.slug): counter \(show.episodeCount) but \(episodes) episodes; \(context)")
                if isNew { updated += 1 }
            }
            if updated > 0 && updated < feeds { midWork += 1 }
        }
        // The kills must land while the work is going on, not only before or after it.
        #expect(
            midWork >= Self.repetitions / 4,
            "only \(midWork) of \(Self.repetitions) kills left some shows updated and others not; \(random)")
        print("update: \(Self.repetitions) kills, \(midWork) in the middle of the work, full update \(fullUpdate) s, \(random)")
    }

    /// Serves round `round` of every feed and returns its episode count.
    @discardableResult
    private static func serveRound(_ round: Int, feeds: Int, server: LoopbackServer) throws -> Int {
        let count = 200 + 40 * round
        for index in 0..<feeds { try server.put("feed\(index).xml", feed(index: index, round: round, count: count)) }
        return count
    }

    /// Serves round `round` and times an uninterrupted update of it.
    private static func measuredUpdate(home: URL, server: LoopbackServer, feeds: Int, round: Int) throws -> Double {
        try serveRound(round, feeds: feeds, server: server)
        let start = Date()
        let result = try PodlineBinary.run(["update", "--jobs", "4"], home: home, timeout: 120)
        guard result.status == 0 else { throw TestSupportError("update exited \(result.status): \(result.stderr)") }
        return (Date().timeIntervalSince(start) * 1000).rounded() / 1000
    }

    // MARK: download

    @Test("kill -9 at random moments during a throttled download, 20 times: nothing partial is recorded, and it resumes to the exact bytes")
    func killDuringDownload() async throws {
        var random = SeededGenerator()
        let server = try LoopbackServer()
        let home = try Fixtures.temporaryDirectory("podline-fault-download")
        var bytes = [UInt8](repeating: 0, count: 600_000)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
        let media = Data(bytes)
        try server.put("ep.mp3", media)
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        _ = try store.addShow(
            feedURL: "https://example.com/feed.xml",
            parsed: TemporaryLibrary.parse(
                """
                <rss><channel><title>Slow</title><item><guid>1</guid><title>Trickle</title>
                <enclosure url="\(server.url("trickle/file/ep.mp3"))" length="\(media.count)" type="audio/mpeg"/></item></channel></rss>
                """))
        let episodeID = try #require(try store.episode(.showNumber(slug: "slow", number: 1)).episode.id)
        let folder = home.appendingPathComponent("episodes/slow")
        let final = folder.appendingPathComponent("1-Trickle.mp3")
        let part = URL(fileURLWithPath: final.path + ".part")
        var midTransfer = 0
        var resumed = 0
        var completed = 0
        for repetition in 1...Self.repetitions {
            let partBefore = OutputFile.size(of: part.path) ?? 0
            let requestsBefore = try server.log().count
            // The whole body takes about 1.5 s at 400 kB/s.
            let delay = random.seconds(in: 0.05...1.6)
            let context = "\(random), repetition \(repetition), killed after \(delay) s with \(partBefore) bytes already there"
            try await Blocking.run {
                let download = try BackgroundProcess.podline(["download", "slow/1"], home: home)
                usleep(UInt32(delay * 1_000_000))
                download.killNow()
            }
            #expect(try store.integrityCheck() == "ok", "\(context)")
            let recorded = try store.episode(.id(episodeID)).episode.downloadPath
            let partial = try? Data(contentsOf: part)
            let whole = try? Data(contentsOf: final)
            if let partial {
                #expect(
                    partial.count <= media.count && partial == media.prefix(partial.count),
                    "the .part is not a prefix of the enclosure; \(context)")
                #expect(recorded == nil, "recorded \(recorded ?? "") while a .part exists; \(context)")
                if partial.count > partBefore && partial.count < media.count { midTransfer += 1 }
            }
            if let whole { #expect(whole == media, "the file under the final name differs from the enclosure; \(context)") }
            if recorded != nil {
                #expect(whole != nil && recorded == "slow/1-Trickle.mp3", "recorded \(recorded ?? "") without its file; \(context)")
            }
            let requests = try server.log()
            if partBefore > 0, requests.count > requestsBefore {
                #expect(requests[requestsBefore].headers["range"] == "bytes=\(partBefore)-", "the next run did not resume; \(context)")
                resumed += 1
            }
            if recorded != nil {
                // Complete: start the next repetition from nothing.
                completed += 1
                try FileManager.default.removeItem(at: final)
                try store.setDownloadPath(episodeID: episodeID, nil)
            }
        }
        let finish = try await Blocking.run { try PodlineBinary.run(["download", "slow/1"], home: home, timeout: 60) }
        #expect(finish.status == 0, "\(finish.stderr) \(random)")
        #expect(try Data(contentsOf: final) == media, "\(random)")
        #expect(try store.episode(.id(episodeID)).episode.downloadPath == "slow/1-Trickle.mp3")
        #expect(!FileManager.default.fileExists(atPath: part.path))
        #expect(midTransfer >= Self.repetitions / 4, "only \(midTransfer) kills landed mid-transfer; \(random)")
        #expect(resumed >= Self.repetitions / 4, "only \(resumed) runs resumed a partial file; \(random)")
        print(
            "download: \(Self.repetitions) kills, \(midTransfer) mid-transfer, \(resumed) resumed, \(completed) completed before the kill, \(random)"
        )
    }

    // MARK: disk full

    @Test(
        "the disk fills up during a download: one line naming the episode and file, exit 2, nothing recorded, resumes once there is room",
        .enabled(if: SmallDisk.unavailableReason == nil, "\(SmallDisk.unavailableReason ?? "")"))
    func diskFull() async throws {
        let server = try LoopbackServer()
        let home = try Fixtures.temporaryDirectory("podline-fault-disk")
        let media = Data((0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) })
        try server.put("big.mp3", media)
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        _ = try store.addShow(
            feedURL: "https://example.com/feed.xml",
            parsed: TemporaryLibrary.parse(
                """
                <rss><channel><title>Full Disk</title><item><guid>1</guid><title>Big One</title>
                <enclosure url="\(server.url("file/big.mp3"))" length="\(media.count)" type="audio/mpeg"/></item></channel></rss>
                """))
        // The downloads folder is a 1 MB file system; the library beside it is not on it.
        let disk = try SmallDisk(at: home.appendingPathComponent("episodes"), bytes: 1 << 20)
        defer { disk.unmount() }
        let final = home.appendingPathComponent("episodes/full-disk/1-Big One.mp3")
        let part = final.path + ".part"
        let full = try await Blocking.run { try PodlineBinary.run(["download", "full-disk/1"], home: home, timeout: 60) }
        #expect(full.status == 2)
        #expect(full.stderrLines.count == 1, "\(full.stderr)")
        let line = full.stderrLines.first ?? ""
        #expect(line.hasPrefix("podline: full-disk/1: disk full (No space left on device) writing \(part)"), "\(line)")
        #expect(try store.episode(.showNumber(slug: "full-disk", number: 1)).episode.downloadPath == nil)
        #expect(!FileManager.default.fileExists(atPath: final.path))
        // The partial file is kept for a later resume: it holds the start of the enclosure.
        let kept = try Data(contentsOf: URL(fileURLWithPath: part))
        #expect(kept.count > 0 && kept.count <= 1 << 20 && kept == media.prefix(kept.count))
        #expect(line.contains("\(kept.count) bytes kept there"), "\(line)")
        #expect(try store.integrityCheck() == "ok")

        try disk.resize(bytes: 8 << 20)
        let resumed = try await Blocking.run { try PodlineBinary.run(["download", "full-disk/1"], home: home, timeout: 60) }
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Data(contentsOf: final) == media)
        #expect(!FileManager.default.fileExists(atPath: part))
        #expect(try server.log().last?.headers["range"] == "bytes=\(kept.count)-")
        #expect(try store.episode(.showNumber(slug: "full-disk", number: 1)).episode.downloadPath == "full-disk/1-Big One.mp3")
    }
}

private extension ShowRecord {
    /// The index in the test's feed file name (`…/feedN.xml`).
    var feedIndex: Int {
        Int(feedURL.split(separator: "/").last!.dropFirst(4).dropLast(4)) ?? -1
    }
}
