import Foundation
import GRDB
import Testing

@testable import PodcastKit

/// Transcripts kept in the library and found again by search: folding, phrases, ranking, replacement, removal.
@Suite("transcripts in the library and search")
struct TranscriptSearchTests {
    static let feed = FeedFixtures.rss(
        title: "Kept", items: [("g1", "Crème brûlée stories", "Mon, 01 Jan 2024 00:00:00 GMT", "https://x.example.com/1.mp3")])

    static func library() throws -> (TemporaryLibrary, Int64) {
        let library = try TemporaryLibrary()
        _ = try library.store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(Self.feed))
        let id = try #require(try library.store.episodes(EpisodeQuery()).first?.episode.id)
        return (library, id)
    }

    static func transcript(_ lines: [(Double, String)]) -> KeptTranscript {
        KeptTranscript(
            url: "https://x.example.com/1.vtt", format: .vtt, language: "fr",
            cues: lines.map { TranscriptCue(start: $0.0, end: $0.0 + 2, speaker: "Zoë", text: $0.1) })
    }

    @Test("cues are kept in order and read back whole; keeping again replaces them")
    func keptAndReplaced() throws {
        let (library, id) = try Self.library()
        let first = Self.transcript([(1, "Un café, s'il vous plaît."), (3, "Merci bien.")])
        try library.store.keepTranscript(episodeID: id, first)
        #expect(try library.store.keptTranscript(episodeID: id) == first)
        let second = Self.transcript([(5, "Autre chose.")])
        try library.store.keepTranscript(episodeID: id, second)
        #expect(try library.store.keptTranscript(episodeID: id) == second)
        #expect(try library.store.search("merci").isEmpty)
        #expect(try library.store.search("autre").count == 1)
    }

    @Test("search folds case and accents, keeps phrases in order, takes prefixes, and marks the match")
    func folding() throws {
        let (library, id) = try Self.library()
        let lines: [(Double, String)] = [(1, "Un CAFÉ noir, s'il vous plaît."), (65, "La crème est bonne.")]
        try library.store.keepTranscript(episodeID: id, Self.transcript(lines))
        let cafe = try library.store.search("cafe")
        #expect(cafe.map(\.time) == [1])
        #expect(cafe.first?.kind == .transcript)
        #expect(cafe.first?.text == "Un \u{1}CAFÉ\u{2} noir, s'il vous plaît.")
        #expect(try library.store.search("\"café noir\"").count == 1)
        #expect(try library.store.search("\"noir café\"").isEmpty)
        #expect(try library.store.search("plai*").count == 1)
        // A title match ranks first (titles weigh most), then the cue.
        let creme = try library.store.search("creme")
        #expect(creme.map(\.kind) == [.title, .transcript])
        #expect(creme.last?.time == 65)
        #expect(try library.store.search("\" * \"").isEmpty)
        #expect(LibraryStore.searchQuery("a\"b \"two words\" pre*") == #""a""b" "two words" "pre"*"#)
    }

    @Test("a word in more cues than are ranked gives the newest cues; a rarer word is still ranked")
    func broadQuery() throws {
        let (library, id) = try Self.library()
        let count = LibraryStore.rankedMatches + 10
        let lines = (0..<count).map { (Double($0), $0 == 3 ? "common and rare" : "common word \($0)") }
        try library.store.keepTranscript(episodeID: id, Self.transcript(lines))
        let hits = try library.store.search("common", limit: 5)
        #expect(hits.count == 5)
        #expect(hits.map(\.time) == (1...5).map { Double(count - $0) }, "\(hits.map(\.time))")
        #expect(try library.store.search("rare").map(\.time) == [3])
    }

    @Test("removing the show removes its transcripts from search")
    func removal() throws {
        let (library, id) = try Self.library()
        try library.store.keepTranscript(episodeID: id, Self.transcript([(1, "Quelque chose d'unique.")]))
        #expect(try library.store.search("unique").count == 1)
        let show = try #require(try library.store.shows().first?.id)
        try library.store.removeShow(id: show)
        #expect(try library.store.search("unique").isEmpty)
        // The cues go with the show's rows, when the next add or update purges them.
        try library.store.purgeRemovedShows()
        let leftover = try library.store.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM transcript_cue") }
        #expect(leftover == 0)
    }
}
