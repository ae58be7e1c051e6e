import Testing

@testable import TerminalCanvas

/// A cell keeps its character inline as UTF-8 up to 15 bytes and a longer one once for the process: either way the text
/// comes back whole, with its columns, and equal characters make equal cells.
@Suite("a cell's character")
struct CellTests {
    @Test("text and columns come back as given: ASCII, accents, CJK, emoji, the right half of a wide character")
    func roundTrip() {
        for (text, width) in [("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("🎧", 2), ("❤️", 2), ("│", 1), ("", 0)] {
            let cell = Cell(text)
            #expect(cell.text == text, "\(text)")
            #expect(cell.width == width, "\(text)")
            #expect(cell.isContinuation == text.isEmpty, "\(text)")
            var bytes: [UInt8] = []
            cell.appendUTF8(to: &bytes)
            #expect(bytes == Array(text.utf8), "\(text)")
        }
        #expect(Cell(" ") == .blank)
        #expect(Cell("a", style: CellStyle(bold: true)) != Cell("a"))
    }

    @Test("cells are equal exactly when their characters, widths and every part of their styles are")
    func equality() {
        let colours: [TerminalColor] = [.standard, .index(0), .index(7), .index(200)]
        var styles: [CellStyle] = []
        for bold in [false, true] {
            for reverse in [false, true] {
                for foreground in colours {
                    for background in colours {
                        styles.append(CellStyle(bold: bold, reverse: reverse, foreground: foreground, background: background))
                    }
                }
            }
        }
        styles += [CellStyle(dim: true), CellStyle(underline: true)]
        // A colour set and then taken back is the same style as one never set.
        var cleared = CellStyle(foreground: .index(200), background: .index(9))
        cleared.foreground = .standard
        cleared.background = .standard
        #expect(Cell("a", style: cleared) == Cell("a"))
        let texts = ["a", "b", "é", "日", "👩‍👩‍👧‍👦", "e\u{301}"]
        for (i, first) in styles.enumerated() {
            for (j, second) in styles.enumerated() {
                for text in texts {
                    #expect((Cell(text, style: first) == Cell(text, style: second)) == (i == j), "\(first) \(second)")
                }
            }
        }
        for first in texts {
            for second in texts {
                // By their bytes: "é" and "e\u{301}" are equal strings, and different cells (as a terminal gets them).
                #expect((Cell(first) == Cell(second)) == first.utf8.elementsEqual(second.utf8), "\(first) \(second)")
            }
        }
    }

    @Test("15 bytes stay inline, 16 and a 25-byte family emoji are kept whole elsewhere, equal when the same")
    func longCharacters() {
        let fifteen = "e" + String(repeating: "\u{301}", count: 7)
        let sixteen = "\u{E9}" + String(repeating: "\u{301}", count: 7)
        let family = "👨‍👩‍👧‍👦"
        #expect(fifteen.utf8.count == 15 && sixteen.utf8.count == 16 && family.utf8.count == 25)
        for text in [fifteen, sixteen, family] {
            #expect(Cell(text).text == text)
            #expect(Cell(text) == Cell(text))
            var bytes: [UInt8] = []
            Cell(text).appendUTF8(to: &bytes)
            #expect(bytes == Array(text.utf8))
        }
        #expect(Cell(family).width == 2)
        #expect(Cell(sixteen).width == 1)
        #expect(Cell(family) != Cell("👨‍👩‍👧"))
        #expect(!Cell(family).isContinuation)
    }

    @Test("printable ASCII written a byte a cell gives the cells a character at a time gives; the row's end holds as before")
    func asciiPut() {
        var buffer = CellBuffer(rows: 2, columns: 8)
        let style = CellStyle(underline: true)
        #expect(buffer.put("podline!", row: 0, column: 0, style: style) == 8)
        for (column, character) in "podline!".enumerated() {
            #expect(buffer[0, column] == Cell(String(character), style: style))
        }
        #expect(buffer.put("abcdef", row: 1, column: 5) == 8)
        #expect((5..<8).map { buffer[1, $0].text } == ["a", "b", "c"])
        #expect(buffer.put("abc", row: 1, column: -1) == 8)
        #expect(buffer[1, 0] == .blank)
        // Over the left half of a wide character, an ASCII letter leaves a space in its right half.
        buffer.put("日", row: 1, column: 0)
        buffer.put("x", row: 1, column: 0)
        #expect(buffer[1, 0].text == "x" && buffer[1, 1] == .blank)
        // Filling over wide characters cut at either end leaves spaces in their other halves, as writing a cell at a
        // time does, over 500 random rows of wide and narrow characters.
        var dice = FrameWriterTests.Dice(state: 0x2545_F491_4F6C_DD1D)
        for _ in 0..<500 {
            var filled = CellBuffer(rows: 1, columns: 12)
            filled.put((0..<8).map { _ in ["日", "a", "🎧", "é"][dice.roll(4)] }.joined(), row: 0, column: dice.roll(3))
            var written = filled
            let (column, count) = (dice.roll(14) - 1, dice.roll(8))
            filled.fill(row: 0, column: column, count: count, style: style)
            for at in 0..<12 where at >= column && at < column + count { written.put(" ", row: 0, column: at, style: style) }
            #expect(filled == written, "fill at \(column) of \(count)")
        }
        // A combining mark after an ASCII letter joins it.
        buffer.put("\u{301}", row: 1, column: 1)
        #expect(buffer[1, 0].text == "x\u{301}" && buffer[1, 0].width == 1)
    }

    @Test("text of ASCII mixed with marks, joiners, CR LF, prepended marks, CJK and emoji: the cells a character at a time gives")
    func mixedPut() {
        var dice = FrameWriterTests.Dice(state: 0x5851_F42D_4C95_7F2D)
        let pieces = [
            "a", "Z", " ", "-", "~", "é", "e\u{301}", "\u{301}", "\u{200D}", "\r", "\n", "\r\n", "\t", "日", "🎧", "👩\u{200D}💻",
            "❤️", "\u{0600}", "—", "●", "\u{1F1EB}\u{1F1F7}", "\u{7F}", "x",
        ]
        for _ in 0..<3000 {
            let text = (0..<dice.roll(14)).map { _ in pieces[dice.roll(pieces.count)] }.joined()
            let (row, column) = (dice.roll(2), dice.roll(6) - 1)
            var fast = CellBuffer(rows: 2, columns: 10)
            var reference = fast
            fast.put("日本語", row: row, column: 0)
            reference.put("日本語", row: row, column: 0)
            let end = fast.put(text, row: row, column: column)
            #expect(end == reference.putCharacters(text, row: row, column: column), "\(text.debugDescription) from \(column)")
            #expect(fast == reference, "\(text.debugDescription) from \(column)")
        }
    }
}
