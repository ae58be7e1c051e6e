import Foundation
import Testing

@testable import PodcastKit

/// Podcasting 2.0 JSON chapters files, the order of chapter sources, and a stream's tag gathered as it arrives.
@Suite("podcast:chapters JSON files")
struct JSONChaptersTests {
    static func parse(_ text: String) throws(ChapterError) -> [Chapter] {
        try JSONChapters.parse(Array(text.utf8))
    }

    @Test("the fields of the 1.2.0 format are read; toc false chapters are hidden; numeric strings are times")
    func fields() throws {
        let chapters = try Self.parse(
            """
            \u{FEFF}{"version": "1.2.0", "author": "A", "podcastName": "P", "chapters": [
              {"startTime": 0, "title": "Intro", "img": "https://example.com/1.jpg"},
              {"startTime": 61.5, "endTime": 120, "title": "Main", "url": "https://example.com/main", "toc": true},
              {"startTime": 90, "title": "A picture change only", "toc": false},
              {"startTime": "120.25", "title": "", "location": {"name": "Here", "geo": "geo:1,2"}}
            ]}
            """)
        #expect(chapters.map(\.start) == [0, 61.5, 120.25])
        #expect(chapters.map(\.title) == ["Intro", "Main", nil])
        #expect(chapters[0].image == "https://example.com/1.jpg")
        #expect(chapters[1].end == 120)
        #expect(chapters[1].url == "https://example.com/main")
    }

    @Test(
        "what is not a usable chapters file throws, saying why",
        arguments: [
            ("", "empty"),
            ("<!DOCTYPE html><html><body>Not found</body></html>", "HTML or XML"),
            ("[1, 2]", "not JSON"),
            ("{\"chapters\": [", "not valid JSON"),
            ("{\"version\": \"1.2.0\"}", "no \"chapters\" list"),
            ("{\"chapters\": [{\"title\": \"no start\"}]}", "no startTime"),
            ("{\"chapters\": [{\"startTime\": true}]}", "no startTime"),
            ("{\"chapters\": [3]}", "not an object"),
            ("{\"chapters\": [{\"startTime\": 10}, {\"startTime\": 5}]}", "not in order"),
            ("{\"chapters\": [{\"startTime\": 10, \"endTime\": 2}]}", "before it starts"),
            ("{\"chapters\": [{\"startTime\": 0, \"endTime\": 20}, {\"startTime\": 10}]}", "overlap"),
            ("{\"chapters\": [{\"startTime\": -4}]}", "starts at -4"),
        ])
    func refused(text: String, reason: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            (error as? ChapterError)?.reason.contains(reason) == true
        }
    }

    @Test("a file over the size cap is refused before it is parsed")
    func sizeCap() {
        let big = "{\"chapters\": [], \"pad\": \"" + String(repeating: "x", count: JSONChapters.sizeCap) + "\"}"
        #expect(throws: ChapterError.self) { try Self.parse(big) }
    }

    @Test("hidden chapters may overlap the visible ones; an empty list is no chapters")
    func hiddenAndEmpty() throws {
        let chapters = try Self.parse(
            #"{"chapters": [{"startTime": 0, "endTime": 50}, {"startTime": 10, "toc": false}, {"startTime": 50}]}"#)
        #expect(chapters.map(\.start) == [0, 50])
        #expect(try Self.parse(#"{"version": "1.2.0", "chapters": []}"#).isEmpty)
    }

    @Test("sources are preferred in the documented order: podcast:chapters, then psc, then ID3")
    func precedence() {
        let one = [Chapter(start: 0, title: "one")]
        let json = ChapterList(.podcastChapters, one)
        let psc = ChapterList(.psc, one)
        let id3 = ChapterList(.id3, one)
        #expect(id3.preferring(psc).source == .psc)
        #expect(psc.preferring(id3).source == .psc)
        #expect(psc.preferring(json).source == .podcastChapters)
        #expect(ChapterList.none.preferring(id3).source == .id3)
        #expect(json.preferring(.none).source == .podcastChapters)
        #expect(ChapterList(.psc, []) == .none)
        #expect(ChapterFinder.chapters(fetched: one, feed: [Chapter(start: 0, title: "psc")], file: nil).source == .podcastChapters)
        #expect(ChapterFinder.chapters(fetched: nil, feed: [Chapter(start: 0, title: "psc")], file: nil).source == .psc)
        #expect(ChapterFinder.chapters(fetched: [], feed: [], file: "https://example.com/a.mp3") == .none)
    }

    @Test("a stream's tag is handed over once its last byte arrives, whatever the chunks; no tag, or one over the cap, is said at once")
    func tagCollector() {
        // A 30-byte tag: header (size 20, syncsafe) and 20 bytes of padding, then audio.
        let tag: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 20] + [UInt8](repeating: 0, count: 20)
        let stream = tag + [0xFF, 0xFB, 0x90, 0x00]
        for size in [1, 3, 7, 10, 29, 30, 34] {
            var collector = ID3TagCollector()
            var outcome = ID3TagCollector.Outcome.needMore
            var offset = 0
            while outcome == .needMore, offset < stream.count {
                outcome = collector.add(stream[offset..<min(stream.count, offset + size)])
                offset += size
            }
            #expect(outcome == .tag(tag), "chunks of \(size)")
        }
        var plain = ID3TagCollector()
        #expect(plain.add([0xFF, 0xFB, 0x90, 0x00, 0, 0, 0, 0, 0]) == .needMore)
        #expect(plain.add([0]) == .noTag)
        var huge = ID3TagCollector()
        #expect(huge.add(Array("ID3".utf8) + [4, 0, 0, 0x7F, 0x7F, 0x7F, 0x7F]) == .noTag)
    }
}
