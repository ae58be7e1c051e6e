import Testing

@testable import TerminalCanvas

/// The columns of the characters a screen draws most besides ASCII: borders, punctuation and arrows.
@Suite("display width of symbols")
struct SymbolWidthTests {
    @Test("every punctuation mark, arrow and box-drawing character alone takes one column: none is an emoji picture or a mark")
    func narrowSymbols() {
        for range in [0x2000...0x206F, 0x2190...0x21FF, 0x2500...0x259F, 0x25A0...0x25FC] {
            for value in range {
                let scalar = Unicode.Scalar(UInt32(value))!
                let properties = scalar.properties
                #expect(!properties.isEmojiPresentation && properties.generalCategory != .nonspacingMark, "\(value)")
                #expect(DisplayWidth.of(Character(scalar)) == 1, "\(value)")
            }
        }
        // With the emoji selector, an arrow that is an emoji is drawn as one: two columns.
        #expect(DisplayWidth.of("↔️") == 2)
        #expect(DisplayWidth.of("◽") == 2)
    }
}

/// Wrapping ASCII by its bytes breaks where wrapping a character at a time does.
@Suite("wrapping text")
struct WrapTests {
    @Test("random ASCII paragraphs (runs of spaces, blank lines, words longer than the line, tabs) at widths 1 to 30")
    func asciiMatchesCharacters() {
        var dice = FrameWriterTests.Dice(state: 0x9E37_79B9_7F4A_7C15)
        let pieces = ["a", "bb", "word", "longerword", "averyveryverylongwordthatneverends", " ", " ", "  ", "\n", "\n\n", "\t", "x."]
        for _ in 0..<2000 {
            let text = (0..<dice.roll(20)).map { _ in pieces[dice.roll(pieces.count)] }.joined()
            let columns = 1 + dice.roll(30)
            #expect(
                DisplayWidth.wrapASCII(Array(text.utf8), columns: columns) == DisplayWidth.wrapCharacters(text, columns: columns),
                "\(text.debugDescription) at \(columns)")
        }
        #expect(DisplayWidth.wrap("one two three", columns: 7) == ["one two", "three"])
        #expect(DisplayWidth.wrap("", columns: 5) == [""])
        #expect(DisplayWidth.wrap("a\r\nb", columns: 5) == DisplayWidth.wrapCharacters("a\r\nb", columns: 5))
    }
}

/// The eight-bytes-at-a-time test of "a column a byte" says what a byte at a time says.
@Suite("a column a byte")
struct ColumnPerByteTests {
    @Test("random ASCII of 0 to 40 bytes with a carriage return, a byte over 0x7F or neither at every place")
    func wordsMatchBytes() {
        var dice = FrameWriterTests.Dice(state: 0x9E37_79B9_7F4A_7C15)
        let odd: [String] = ["\r", "é", "\u{80}", "日", "\u{7F}", "\n", "\u{0C}", "\u{0E}", "\u{8D}"]
        for _ in 0..<4000 {
            let length = dice.roll(41)
            var text = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(0x20 + dice.roll(0x5F)))) })
            if length > 0, dice.roll(3) > 0 {
                let place = text.index(text.startIndex, offsetBy: dice.roll(length))
                text.insert(contentsOf: odd[dice.roll(odd.count)], at: place)
            }
            let expected = text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
            #expect(DisplayWidth.isColumnPerByte(text) == expected, "\(text.debugDescription)")
            let bridged = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(DisplayWidth.isColumnPerByte(bridged) == expected, "\(text.debugDescription)")
        }
    }
}

/// Measuring and cutting text a scalar at a time, where each scalar is a character of one column, gives what
/// measuring a character at a time gives.
@Suite("measuring text by its scalars")
struct ScalarWidthTests {
    @Test("random text of Latin letters, punctuation, box drawing, joiners, CR LF, marks, CJK and emoji")
    func scalarsMatchCharacters() {
        var dice = FrameWriterTests.Dice(state: 0xD1B5_4A32_D192_ED03)
        let pieces = [
            "a", "Z", " ", "é", "ß", "ÿ", "—", "…", "’", "“", "•", "→", "│", "─", "█", "●", "■", "▶", "◾", "\u{200B}", "\u{200D}",
            "\u{200C}",
            "\r", "\n", "\r\n", "\u{301}", "日", "🎧", "❤️", "↔️", "\u{2060}", "\t", "\u{7F}",
        ]
        for _ in 0..<3000 {
            let text = (0..<dice.roll(12)).map { _ in pieces[dice.roll(pieces.count)] }.joined()
            #expect(DisplayWidth.of(text) == DisplayWidth.ofCharacters(text), "\(text.debugDescription)")
            let columns = dice.roll(14)
            for ellipsis in [false, true] {
                #expect(
                    DisplayWidth.prefix(text, fitting: columns, ellipsis: ellipsis)
                        == DisplayWidth.prefixByCharacters(text, fitting: columns, ellipsis: ellipsis),
                    "\(text.debugDescription) at \(columns), ellipsis \(ellipsis)")
            }
        }
        #expect(DisplayWidth.narrowScalarCount("Café — “quoted” → │") == 19)
        #expect(DisplayWidth.narrowScalarCount("a\u{200D}b") == nil)
        #expect(DisplayWidth.narrowScalarCount("a\r\nb") == nil)
    }
}
