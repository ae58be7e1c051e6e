import TestSupport
import Testing

@testable import TerminalCanvas

/// The bytes each frame writes, fed into a terminal model, give exactly the cell buffer: over 1,000 random sequences of
/// edits (CJK, emoji, combining marks, styles, over the halves of wide characters) and resizes.
@Suite("the frame writer")
struct FrameWriterTests {
    /// A small, fixed pseudo-random sequence (xorshift), so that a failure replays.
    struct Dice {
        var state: UInt64
        mutating func roll(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(max(1, bound)))
        }
    }

    static let pieces = ["podcast", "中文", "🎧", "e\u{301}", "한국어", " ", "Zoë", "ｆｕｌｌ", "👩‍💻", "a", "—", "\u{301}"]

    @Test("1,000 random sequences of edits and resizes: the model of the terminal equals the buffer after every frame")
    func randomSequences() {
        var dice = Dice(state: 0x9E37_79B9_7F4A_7C15)
        for sequence in 0..<1000 {
            var buffer = CellBuffer(rows: 1 + dice.roll(8), columns: 1 + dice.roll(24))
            var terminal = TerminalModel(rows: buffer.rows, columns: buffer.columns)
            var shown: CellBuffer?
            for step in 0..<(3 + dice.roll(6)) {
                if dice.roll(10) == 0 {
                    buffer = CellBuffer(rows: 1 + dice.roll(8), columns: 1 + dice.roll(24))
                    terminal.resize(rows: buffer.rows, columns: buffer.columns)
                    shown = nil
                }
                for _ in 0..<(1 + dice.roll(5)) {
                    var style = CellStyle()
                    style.bold = dice.roll(4) == 0
                    style.reverse = dice.roll(5) == 0
                    style.underline = dice.roll(6) == 0
                    if dice.roll(3) == 0 { style.foreground = .index(UInt8(dice.roll(256))) }
                    if dice.roll(4) == 0 { style.background = .index(UInt8(dice.roll(16))) }
                    let text = (0..<(1 + dice.roll(4))).map { _ in Self.pieces[dice.roll(Self.pieces.count)] }.joined()
                    if dice.roll(8) == 0 {
                        buffer.fill(row: dice.roll(buffer.rows), column: dice.roll(buffer.columns), count: dice.roll(6), style: style)
                    } else {
                        buffer.put(text, row: dice.roll(buffer.rows), column: dice.roll(buffer.columns), style: style)
                    }
                }
                terminal.feed(FrameWriter.bytes(from: shown, to: buffer))
                shown = buffer
                let expected = (0..<buffer.rows).map { row in (0..<buffer.columns).map { buffer[row, $0] } }
                #expect(terminal.cells == expected, "sequence \(sequence), step \(step)")
                if terminal.cells != expected { return }
            }
        }
    }

    @Test("copying rectangles from a frame takes their cells and leaves the rest; a frame of another size is taken whole")
    func copyRectangles() {
        var dice = Dice(state: 0x2545_F491_4F6C_DD1D)
        for _ in 0..<200 {
            let (rows, columns) = (1 + dice.roll(8), 1 + dice.roll(24))
            var old = CellBuffer(rows: rows, columns: columns)
            var new = CellBuffer(rows: rows, columns: columns)
            for _ in 0..<6 {
                old.put(Self.pieces[dice.roll(Self.pieces.count)], row: dice.roll(rows), column: dice.roll(columns))
                new.put(Self.pieces[dice.roll(Self.pieces.count)], row: dice.roll(rows), column: dice.roll(columns))
            }
            // Rectangles that may reach past the edges, as a frame's widened changes do.
            let rects = (0..<(1 + dice.roll(3))).map { _ in
                CellRect(
                    x: dice.roll(columns + 2) - 1, y: dice.roll(rows + 1) - 1, width: dice.roll(columns + 2), height: dice.roll(rows + 1))
            }
            var copied = old
            copied.copy(rects, from: new)
            for row in 0..<rows {
                for column in 0..<columns {
                    let inside = rects.contains { $0.x <= column && column < $0.x + $0.width && $0.y <= row && row < $0.y + $0.height }
                    #expect(copied[row, column] == (inside ? new : old)[row, column], "\(rects) at \(row), \(column)")
                }
            }
        }
        var small = CellBuffer(rows: 2, columns: 2)
        small.copy([CellRect(x: 0, y: 0, width: 1, height: 1)], from: CellBuffer(rows: 3, columns: 5))
        #expect(small == CellBuffer(rows: 3, columns: 5))
    }

    @Test("a frame with nothing changed writes no cell; one changed cell writes one move and one character")
    func smallFrames() {
        var buffer = CellBuffer(rows: 3, columns: 10)
        buffer.put("hello", row: 1, column: 2)
        let same = String(decoding: FrameWriter.bytes(from: buffer, to: buffer), as: UTF8.self)
        #expect(same == "\u{1B}[?2026h\u{1B}[?2026l")
        var next = buffer
        next.put("J", row: 1, column: 2)
        let one = String(decoding: FrameWriter.bytes(from: buffer, to: next), as: UTF8.self)
        #expect(one == "\u{1B}[?2026h\u{1B}[2;3HJ\u{1B}[?2026l")
    }

    @Test("wide characters: one that does not fit leaves a space; writing over half of one blanks the other half")
    func wideCharacters() {
        var buffer = CellBuffer(rows: 1, columns: 5)
        #expect(buffer.put("ab中文", row: 0, column: 0) == 5)
        #expect((0..<5).map { buffer[0, $0].text } == ["a", "b", "中", "", " "])
        buffer.put("x", row: 0, column: 3)
        #expect((0..<5).map { buffer[0, $0].text } == ["a", "b", " ", "x", " "])
        buffer.put("🎧", row: 0, column: 1)
        #expect((0..<5).map { buffer[0, $0].text } == ["a", "🎧", "", "x", " "])
        buffer.put("e\u{301}", row: 0, column: 4)
        #expect(buffer[0, 4].text == "e\u{301}" && DisplayWidth.of("中文 e\u{301}🎧") == 8)
    }
}
