import Foundation
import GRDB
import TestSupport
import Testing

@testable import PodcastKit

/// `kill -9` at random moments (seeded) while the real `podline` removes a show with downloads: the show is left
/// whole or gone, and no file is left that the library does not record.
@Suite("Fault injection: remove", .serialized)
struct RemoveFaultTests {
    static let repetitions = 12
    static let episodes = 3000
    static let downloads = 40

    /// A show of `episodes` episodes, `downloads` of them with a file on disk; returns its id and slug.
    private static func addShow(to store: LibraryStore, round: Int) throws -> (id: Int64, slug: String) {
        let xml = FeedFixtures.rss(
            title: "Removed \(round)",
            items: (1...episodes).map { number in
                (
                    "r\(round)-\(number)", "Episode \(number)", "Mon, \(1 + number % 28) Jan 2024 08:00:00 GMT",
                    "https://x.example.com/\(round)/\(number).mp3"
                )
            })
        let added = try store.addShow(
            feedURL: "https://x.example.com/\(round)/feed.xml", parsed: TemporaryLibrary.parse(xml))
        let show = added.show
        let folder = store.paths.episodes.appendingPathComponent(show.slug)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 1...downloads {
            let listing = try store.episode(.showNumber(slug: show.slug, number: number))
            let file = folder.appendingPathComponent("\(number).mp3")
            try Data(repeating: 0xFF, count: 64 * 1024).write(to: file)
            try store.setDownloadPath(episodeID: listing.episode.id!, store.paths.storedPath(for: file))
        }
        return (show.id!, show.slug)
    }

    /// The files under the show's download folder.
    private static func files(of slug: String, in store: LibraryStore) -> [String] {
        let folder = store.paths.episodes.appendingPathComponent(slug)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.map { "\(slug)/\($0)" }.sorted()
    }

    @Test("kill -9 at random moments during remove, 12 times: integrity ok, the show whole or gone, no unrecorded file")
    func killDuringRemove() async throws {
        var random = SeededGenerator()
        let home = try Fixtures.temporaryDirectory("podline-fault-remove")
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        // An uninterrupted removal measures how long one takes here.
        let first = try Self.addShow(to: store, round: 0)
        let started = Date()
        let whole = try await Blocking.run { try PodlineBinary.run(["remove", first.slug], home: home) }
        let fullRemove = Date().timeIntervalSince(started)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(Self.files(of: first.slug, in: store).isEmpty)
        var interrupted = 0
        var filesGoneShowWhole = 0
        for round in 1...Self.repetitions {
            let show = try Self.addShow(to: store, round: round)
            let delay = random.seconds(in: 0.005...(fullRemove * 0.9))
            let context = "\(random), round \(round), killed after \(delay) s of a \(fullRemove) s remove"
            try await Blocking.run {
                let remove = try BackgroundProcess.podline(["remove", show.slug], home: home)
                usleep(UInt32(delay * 1_000_000))
                remove.killNow()
            }
            let check = try LibraryStore(paths: LibraryPaths(home: home.path))
            #expect(try check.integrityCheck() == "ok", "\(context)")
            // The search index agrees with the episodes, and the triggers set aside during removal are all back.
            try check.write { db in
                try db.execute(sql: "INSERT INTO episode_search (episode_search, rank) VALUES ('integrity-check', 1)")
                try db.execute(sql: "INSERT INTO transcript_search (transcript_search, rank) VALUES ('integrity-check', 1)")
            }
            let triggers = try check.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") }
            // Three for the episode search index, three for the show counters, two for the transcript search index,
            // three that keep when an episode was played, three that keep the listening log's sums, one that forgets what
            // comparing two fetches of a download found when the download goes.
            #expect(triggers == 15, "\(context)")
            let left = Self.files(of: show.slug, in: check)
            if let record = try check.shows().first(where: { $0.id == show.id }) {
                interrupted += 1
                if left.count < Self.downloads { filesGoneShowWhole += 1 }
                let rows = try check.episodes(EpisodeQuery(showID: show.id)).count
                #expect(rows == Self.episodes && record.episodeCount == Self.episodes, "\(context): \(rows) rows")
                let recorded = Set(try check.downloadPaths(showID: show.id))
                #expect(recorded.count == Self.downloads, "\(context): downloads recorded \(recorded.count)")
                #expect(left.allSatisfy { recorded.contains($0) }, "\(context): unrecorded files \(left)")
                // Finish the removal, as a listener would by running it again.
                #expect(try PodlineBinary.run(["remove", show.slug], home: home).status == 0, "\(context)")
            } else {
                #expect(try check.episodes(EpisodeQuery(showID: show.id)).isEmpty, "\(context)")
                #expect(left.isEmpty, "\(context): files left behind \(left)")
            }
        }
        print(
            "remove: \(Self.repetitions) kills, \(interrupted) left the show whole (\(filesGoneShowWhole) of them after some "
                + "files went), full remove \(fullRemove) s, \(random)")
    }
}
