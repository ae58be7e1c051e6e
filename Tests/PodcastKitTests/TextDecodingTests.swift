import Foundation
import Testing

@testable import PodcastKit

@Suite("Feed encodings")
struct TextDecodingTests {
    private func feed(declaration: String?, title: String) -> String {
        (declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? "")
            + "<rss><channel><title>\(title)</title></channel></rss>"
    }

    /// `text` encoded as Windows-1252 (which covers ISO-8859-1's printable characters).
    private func windows1252(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            if let index = TextDecoding.windows1252.firstIndex(of: UInt16(scalar.value)) { return UInt8(0x80 + index) }
            return UInt8(scalar.value)
        }
    }

    @Test("ISO-8859-1 as declared")
    func latin1() throws {
        let bytes = windows1252(feed(declaration: "ISO-8859-1", title: "Café señor"))
        #expect(try FeedParser.parse(bytes).title == "Café señor")
    }

    @Test("Windows-1252 punctuation, declared or not")
    func windows1252Punctuation() throws {
        let title = "\u{201C}Quoted\u{201D} \u{2014} 5 \u{20AC}"
        #expect(try FeedParser.parse(windows1252(feed(declaration: "windows-1252", title: title))).title == title)
        #expect(try FeedParser.parse(windows1252(feed(declaration: nil, title: title))).title == title)
    }

    @Test("UTF-8 bytes under a wrong ISO-8859-1 declaration stay UTF-8")
    func wrongDeclaration() throws {
        let bytes = Array(feed(declaration: "ISO-8859-1", title: "Café ☕").utf8)
        #expect(try FeedParser.parse(bytes).title == "Café ☕")
    }

    @Test("invalid UTF-8 under a UTF-8 declaration falls back to Windows-1252")
    func invalidUTF8() throws {
        let bytes = windows1252(feed(declaration: "UTF-8", title: "Caf\u{E9}"))
        #expect(try FeedParser.parse(bytes).title == "Café")
    }

    @Test("UTF-16 with a byte-order mark, both byte orders")
    func utf16() throws {
        let text = feed(declaration: "UTF-16", title: "Ünïcödé ☕")
        let units = Array(text.utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(try FeedParser.parse(little).title == "Ünïcödé ☕")
        #expect(try FeedParser.parse(big).title == "Ünïcödé ☕")
    }

    @Test("a UTF-8 byte-order mark and whitespace before the declaration")
    func bomAndWhitespace() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(("\n\t  " + feed(declaration: "UTF-8", title: "BOM")).utf8)
        #expect(try FeedParser.parse(bytes).title == "BOM")
    }

    @Test("numeric references, including Windows-1252 code points written as numbers")
    func numericReferences() throws {
        #expect(
            try FeedParser.parse(Array(feed(declaration: nil, title: "&#8220;x&#8221; &#x263A; &#150; &#0;").utf8)).title
                == "\u{201C}x\u{201D} \u{263A} \u{2013} \u{FFFD}")
    }
}
