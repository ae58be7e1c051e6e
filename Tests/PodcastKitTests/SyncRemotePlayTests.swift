import Foundation
import TestSupport
import Testing

@testable import PodcastKit

/// What a sync makes of another device's `play`: a position, or the episode's end (played). Run through `SyncRun` on a
/// library of its own, against the stand-in of Nextcloud's GPodder Sync app seeded with the plays.
@Suite("a remote play is a position or the episode's end")
@MainActor
struct SyncRemotePlayTests {
    static let feedURL = "https://feeds.example.com/long.xml"

    /// An item of the feed: its GUID, and its length when the feed gives one.
    static func item(_ number: Int, duration: Int?) -> String {
        """
        <item><guid>long-\(number)</guid><title>Long \(number)</title>\
        \(duration.map { "<itunes:duration>\($0)</itunes:duration>" } ?? "")\
        <enclosure url="https://media.example.com/long-\(number).mp3" type="audio/mpeg" length="1"/></item>
        """
    }

    /// A phone's PLAY of episode `number` as the app keeps it; nil `total` leaves it out (the app keeps -1).
    static func play(_ number: Int, started: Int, position: Int, total: Int?) -> String {
        """
        {"podcast":"\(feedURL)","episode":"https://media.example.com/long-\(number).mp3","guid":"long-\(number)",\
        "action":"PLAY","timestamp":"2024-05-01T10:00:0\(number)","started":\(started),"position":\(position)\
        \(total.map { ",\"total\":\($0)" } ?? "")}
        """
    }

    @Test("total = position is a position when the length known here is longer; the end otherwise, or with no total")
    func totalEqualToPosition() async throws {
        let library = try TemporaryLibrary()
        let feed = """
            <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <title>Long</title>
            \(Self.item(1, duration: 120))\(Self.item(2, duration: 20))\(Self.item(3, duration: nil))\(Self.item(4, duration: nil))\
            \(Self.item(5, duration: 120))\(Self.item(6, duration: 120))
            </channel></rss>
            """
        let show = try library.store.addShow(feedURL: Self.feedURL, parsed: TemporaryLibrary.parse(feed, url: Self.feedURL)).show
        // Episode 4's length was found by playback (its feed gives none).
        let fourth = try library.store.episode(.showNumber(slug: show.slug, number: 4)).episode.id!
        #expect(try library.store.learnDuration(episodeID: fourth, 120))

        let standIn = try NextcloudStandIn(user: "alice", password: "app password")
        defer { standIn.stop() }
        let plays = [
            Self.play(1, started: 43, position: 43, total: 43),  // 120 s known here: a position
            Self.play(2, started: 20, position: 20, total: 20),  // agrees with the 20 s known here: the end
            Self.play(3, started: 43, position: 43, total: 43),  // nothing known here: the other device's word
            Self.play(4, started: 43, position: 43, total: 43),  // 120 s found by playback here: a position
            Self.play(5, started: 0, position: 119, total: nil),  // no total: the length known here says the end
            Self.play(6, started: 0, position: 43, total: nil),  // no total, far from the end: a position
        ]
        try standIn.control(#"{"seed_actions":[\#(plays.joined(separator: ","))]}"#)

        var settings = SyncSettings(server: standIn.url, username: "alice")
        settings.kind = .nextcloud
        let model = Library(store: library.store)
        let report = try await HTTPFetcher.with { http in
            let run = SyncRun(
                library: model, recorder: SyncRecorder(store: library.store),
                server: SyncServer(settings: settings, password: "app password", device: "podline-test", http: http!),
                loader: FeedLoader(http: http), jobs: 1, playedMargin: 30, caption: "test")
            return try await run.run()
        }
        #expect(report.receivedActions == 6 && report.appliedActions == 6, "\(report)")

        func episode(_ number: Int) throws -> EpisodeRecord {
            try library.store.episode(.showNumber(slug: show.slug, number: number)).episode
        }
        for (number, played, position) in [(1, false, 43.0), (2, true, 0), (3, true, 0), (4, false, 43), (5, true, 0), (6, false, 43)] {
            let record = try episode(number)
            #expect(record.isPlayed == played && record.position == position, "episode \(number): \(record.isPlayed) \(record.position)")
        }
    }
}
