import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// `chapter next|prev|N` on the player's model, and the chapter it reports, as every player navigates.
@MainActor
@Suite("chapter navigation")
struct ChapterNavigationTests {
    let folder: URL
    let player = Player()
    let dispatcher: CommandDispatcher
    static let chapters = [
        Chapter(start: 0, end: 60, title: "Intro"), Chapter(start: 60, end: 300, title: "Interview"),
        Chapter(start: 300, end: 600, title: "News"), Chapter(start: 2000, title: "Past the end"),
    ]

    init() throws {
        folder = try Fixtures.temporaryDirectory()
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("one.mp3").path, contents: Data([0]))
        dispatcher = CommandDispatcher(
            player: player, skipLengths: SkipLengths(forward: 45, back: 10),
            resolver: PlayableResolver(paths: LibraryPaths(home: folder.path), directory: folder.path))
    }

    private func run(_ line: String) throws -> CommandOutput {
        try dispatcher.run(words: try Tokenizer.words(line))
    }

    /// Loads the file with the chapters and puts the heard position at `position`.
    private func playing(at position: Double) throws {
        _ = try run("play one.mp3")
        player.chapters = ChapterList(source: .id3, chapters: Self.chapters)
        player.duration = 900
        player.position = position
    }

    @Test("next goes to the following chapter's start; none after the last one that starts before the end")
    func next() throws {
        try playing(at: 75)
        _ = try run("chapter next")
        #expect(player.seekRequest?.seconds == 300 && player.seekRequest?.isRelative == false)
        player.position = 310
        #expect(throws: CommandError.self) { try run("chapter next") }
    }

    @Test("prev goes to the current chapter's start, or to the one before within 3 s of it")
    func previous() throws {
        try playing(at: 75)
        _ = try run("chapter prev")
        #expect(player.seekRequest?.seconds == 60)
        player.position = 61.5
        _ = try run("chapter prev")
        #expect(player.seekRequest?.seconds == 0)
    }

    @Test("a number goes to that chapter; one out of range, or an episode without chapters, is refused")
    func number() throws {
        try playing(at: 10)
        _ = try run("chapter 3")
        #expect(player.seekRequest?.seconds == 300)
        #expect(throws: CommandError.self) { try run("chapter 4") }
        #expect(throws: CommandError.self) { try run("chapter zero") }
        player.chapters = .none
        #expect(throws: CommandError.self) { try run("chapter next") }
    }

    @Test("the current chapter follows the heard position, and status --json reports it")
    func current() throws {
        try playing(at: 61)
        #expect(player.currentChapter?.number == 2)
        let status = StatusReport.json(player).rendered
        #expect(status.contains(#""chapter":{"number":2,"title":"Interview","start":60,"end":300}"#), "\(status)")
        player.position = 650
        #expect(player.currentChapter == nil || player.currentChapter?.number == 3)
    }
}
