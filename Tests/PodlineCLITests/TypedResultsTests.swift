import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp

/// Results are values: what the binary prints with `--json` reads back as its type, and the type writes the same JSON.
@Suite("typed results read back from what scripts read", .serialized)
struct TypedResultsTests {
    /// What `podline ARGUMENTS --json` prints on a library made from the snapshot's feed, without its last newline.
    private func printed(_ commands: [[String]]) throws -> [String] {
        let folder = try Fixtures.temporaryDirectory("pl-typed")
        defer { try? FileManager.default.removeItem(at: folder) }
        try JSONShapeSnapshotTests.feed.write(to: folder.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
        try Data(repeating: 0, count: 16).write(to: folder.appendingPathComponent("ep.mp3"))
        let home = folder.appendingPathComponent("home")
        let added = try PodlineBinary.run(["add", folder.appendingPathComponent("feed.xml").path], home: home)
        guard added.status == 0 else { throw TestSupportError("add: \(added.stderr)") }
        return try commands.map { command in
            let result = try PodlineBinary.run(command, home: home)
            guard result.status == 0 else { throw TestSupportError("\(command): \(result.status) \(result.stderr)") }
            return result.stdout.trimmingCharacters(in: .newlines)
        }
    }

    @Test("episodes --json reads as [EpisodeEntry] and shows --json as [ShowEntry], which write it back member for member")
    func listsRoundTrip() throws {
        let texts = try printed([["episodes", "--json"], ["shows", "--json"]])
        let episodes = try JSONDecoder().decode([EpisodeEntry].self, from: Data(texts[0].utf8))
        #expect(episodes.map(\.ref) == ["snapshot-show/2", "snapshot-show/1"])
        #expect(episodes.first?.title == "Second Talk" && episodes.first?.playable == true)
        #expect(episodes.json.rendered == texts[0])
        let shows = try JSONDecoder().decode([ShowEntry].self, from: Data(texts[1].utf8))
        #expect(shows.map(\.slug) == ["snapshot-show"] && shows.first?.episodes == 2 && shows.first?.unplayed == 2)
        #expect(shows.json.rendered == texts[1])
    }

    @Test("the edits' reports read back as MarkResult, FavoriteResult and DeleteOutcome, which write them back")
    func editsRoundTrip() throws {
        let texts = try printed([
            ["fav", "snapshot-show/2", "--json"], ["mark", "snapshot-show/1", "played", "--json"],
            ["mark", "snapshot-show", "unplayed", "--json"],
        ])
        let favorite = try JSONDecoder().decode(FavoriteResult.self, from: Data(texts[0].utf8))
        #expect(favorite == FavoriteResult(ref: "snapshot-show/2", favorite: true) && favorite.json.rendered == texts[0])
        let one = try JSONDecoder().decode(MarkResult.self, from: Data(texts[1].utf8))
        #expect(one == MarkResult(state: "played", changed: 1, ref: "snapshot-show/1") && one.json.rendered == texts[1])
        let show = try JSONDecoder().decode(MarkResult.self, from: Data(texts[2].utf8))
        #expect(show.ref == nil && show.changed == 1 && show.json.rendered == texts[2])
    }

    @Test("the player's results are typed: status a PlayerStatus, the queue and what play queues lists of ItemSummary")
    @MainActor
    func playerResults() throws {
        let folder = try Fixtures.temporaryDirectory("pl-typed-player")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["one.mp3", "two.mp3"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data([0]))
        }
        let dispatcher = CommandDispatcher(
            player: Player(), resolver: PlayableResolver(paths: LibraryPaths(home: folder.path), directory: folder.path))
        let status = try dispatcher.run(.status(json: true))
        #expect((status.value as? PlayerStatus)?.state == "stopped")
        let queued = try dispatcher.run(.queue(.add(["one.mp3", "two.mp3"])))
        #expect((queued.value as? [ItemSummary])?.map(\.title) == ["one.mp3", "two.mp3"])
        #expect(queued.data == .array(dispatcher.player.queue.map { ItemSummary($0).json }))
    }
}
