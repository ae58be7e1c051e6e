import Foundation
import TestSupport
import Testing

@testable import PodcastKit

@Suite("fuzz inputs: feeds and OPML")
struct FuzzRegressionTests {
    private static let address = "https://example.com/podcast/feed.xml"

    private func feed(_ name: String) throws -> ParsedFeed {
        try FeedParser.parse(try FuzzInputs.bytes("feed", name), url: Self.address)
    }

    @Test("every feed seed and finding is read, or refused with a one-line reason; GUIDs stay unique and values sane")
    func feedsReplay() throws {
        let files = FuzzInputs.files("feed")
        #expect(files.count >= 15)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            do {
                let feed = try FeedParser.parse(bytes, url: Self.address)
                let guids = feed.episodes.compactMap(\.guid)
                #expect(Set(guids).count == guids.count, "\(file.lastPathComponent): duplicate GUIDs")
                for episode in feed.episodes {
                    if let duration = episode.duration { #expect(duration.isFinite && duration >= 0, "\(file.lastPathComponent)") }
                }
                let json = feed.json.renderedBytes
                #expect((try? JSONSerialization.jsonObject(with: Data(json))) is [String: Any], "\(file.lastPathComponent): invalid JSON")
            } catch {
                #expect(!error.reason.isEmpty && !error.reason.contains("\n"), "\(file.lastPathComponent): \(error.reason)")
            }
        }
    }

    @Test("every ID3 seed and finding gives a ReplayGain within ±60 dB or none; the seed written by mutagen gives its track gain")
    func id3ReplayGain() throws {
        let files = FuzzInputs.files("id3")
        #expect(files.contains { $0.lastPathComponent.hasPrefix("replaygain") })
        for file in files {
            var tag = Array(try Data(contentsOf: file))
            if ID3Chapters.tagLength(tag) == nil {
                // As the fuzz target does: a v2.4 header around an input that has none.
                let size = tag.count
                tag =
                    [
                        0x49, 0x44, 0x33, 4, 0, 0, UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F),
                        UInt8(size & 0x7F),
                    ] + tag
            }
            let gain = ReplayGainTag.gain(tag: tag)
            #expect(gain.map { $0.isFinite && abs($0) <= 60 } ?? true, "\(file.lastPathComponent): \(gain!)")
            if file.lastPathComponent.hasPrefix("replaygain") { #expect(gain == 2.5) }
        }
    }

    @Test("every ID3 chapters seed gives its chapters in order, and every cut of it is read or refused in one line")
    func id3Replay() throws {
        let files = FuzzInputs.files("id3").filter { $0.lastPathComponent.hasPrefix("chapters") }
        #expect(files.count >= 2)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let chapters = try ID3Chapters.parse(bytes)
            #expect(chapters.count == 4, "\(file.lastPathComponent)")
            #expect(chapters.map(\.start) == chapters.map(\.start).sorted())
            // Every cut of the tag, its header saying so, so that the reader meets frames cut short: nothing
            // crashes, errors are one line.
            for length in stride(from: 10, to: bytes.count, by: 7) {
                var cut = Array(bytes.prefix(length))
                let size = length - 10
                cut[6...9] = [UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F)]
                do {
                    _ = try ID3Chapters.parse(cut)
                } catch {
                    #expect(!error.reason.contains("\n"))
                }
            }
        }
    }

    @Test("every chapters-file seed is read, and every cut of it is read or refused in one line")
    func chaptersReplay() throws {
        let files = FuzzInputs.files("chapters")
        #expect(files.count >= 2)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            #expect(try JSONChapters.parse(bytes).count >= 2, "\(file.lastPathComponent)")
            for length in 0..<bytes.count {
                do {
                    _ = try JSONChapters.parse(Array(bytes.prefix(length)))
                } catch {
                    #expect(!error.reason.isEmpty && !error.reason.contains("\n"), "\(file.lastPathComponent) cut at \(length)")
                }
            }
        }
    }

    @Test("every transcript seed is read in its own format, and every cut of it is read or refused in one line")
    func transcriptReplay() throws {
        let files = FuzzInputs.files("transcript")
        #expect(files.count >= 4)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let parsed = try TranscriptReader.read(bytes)
            #expect(parsed.cues.count >= 2, "\(file.lastPathComponent)")
            let expected: [String: TranscriptFormat] = ["srt": .srt, "vtt": .vtt, "json": .json, "html": .html]
            #expect(parsed.format == expected[file.pathExtension], "\(file.lastPathComponent)")
            for length in stride(from: 0, to: bytes.count, by: 3) {
                do {
                    _ = try TranscriptReader.read(Array(bytes.prefix(length)))
                } catch {
                    #expect(!error.reason.isEmpty && !error.reason.contains("\n"), "\(file.lastPathComponent) cut at \(length)")
                }
            }
        }
    }

    @Test("a DOCTYPE's entities are neither expanded nor fetched; numeric references outside Unicode become U+FFFD")
    func entities() throws {
        let feed = try feed("entities-and-broken-markup.xml")
        #expect(feed.title == "Café © \u{A0}&bogus; &lol2; &xxe; & friends é😀€\u{FFFD}\u{FFFD}&#99999999999;")
        #expect(feed.description == "Unclosed bold & italic", "unescaped HTML in a description keeps its text, not its tags")
        #expect(
            feed.episodes.map(\.guid) == ["x", nil],
            "items with the same GUID are merged; an item without GUID, link or enclosure has none")
        #expect(feed.episodes[0].title == "A < B")
        #expect(
            feed.episodes[0].enclosure == Enclosure(url: "https://example.com/podcast/unquoted.mp3", length: 12, type: "audio/mpeg"),
            "an enclosure tag without its slash does not swallow the fields after it")
        #expect(feed.episodes[0].published == nil, "31 February at 25:61 is no date")
        #expect(feed.episodes[0].number == 3, "the merged duplicate brings its episode number")
    }

    @Test("encodings: BOMs, UTF-16 without BOM, declared Latin-1, wrongly declared UTF-8, KOI8-R and Shift_JIS through iconv")
    func encodings() throws {
        #expect(try feed("utf16le-bom.xml").title == "UTF-16 é🎧")
        #expect(try feed("utf16be-nobom.xml").episodes.first?.title == "日本")
        #expect(try feed("utf8-bom.xml").title == "BOM \u{2028} é")
        #expect(try feed("latin1-declared.xml").title == "Café “quoted” € \u{81}")
        #expect(try feed("windows1252-declared-utf8.xml").title == "Wrongly declared été – dash")
        #expect(try feed("koi8r-declared.xml").title == "Подкаст")
        #expect(try feed("shiftjis-declared.xml").title == "ポッドキャスト")
    }

    @Test("an HTML page is refused with its root element and position")
    func htmlPage() {
        #expect(throws: FeedError("not a feed: the root element is <html> (line 2, column 1)")) { try feed("html-not-feed.html") }
    }

    @Test("a duration too large for a Double is no duration (the fuzzer found it coming back infinite)")
    func durationOverflow() throws {
        let feed = try feed("duration-overflow.xml")
        #expect(feed.episodes.count == 1)
        #expect(feed.episodes.first?.duration == nil)
        #expect(FeedDuration.seconds(String(repeating: "9", count: 400) + " h") == nil)
        #expect(FeedDuration.seconds("1:02:03.5") == 3723.5)
    }

    @Test("every OPML seed and finding is read, or refused with a one-line reason; each feed is listed once")
    func opmlReplay() throws {
        let files = FuzzInputs.files("opml")
        #expect(files.count >= 6)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            do {
                let document = try OPMLParser.parse(bytes)
                let urls = document.entries.map(\.feedURL)
                #expect(Set(urls).count == urls.count && !urls.contains(""), "\(file.lastPathComponent)")
            } catch {
                #expect(!error.reason.isEmpty && !error.reason.contains("\n"), "\(file.lastPathComponent): \(error.reason)")
            }
        }
    }

    @Test("nested OPML 2.0 folders are flattened, a padded duplicate is dropped, a local file URL is skipped")
    func nestedOPML() throws {
        let document = try OPMLParser.parse(try FuzzInputs.bytes("opml", "opml2-nested.opml"))
        #expect(document.title == "My casts & more")
        #expect(
            document.entries.map(\.feedURL) == [
                "https://example.org/feed.xml", "http://atom.example.net/feed", "https://example.com/page.rss",
            ])
        #expect(document.skipped.count == 3, "\(document.skipped)")
    }
}
