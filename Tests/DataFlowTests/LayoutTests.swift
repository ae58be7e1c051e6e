import DataFlow
import Testing

/// A long list's window, held where a view binds to it.
@Observable @MainActor
private final class LayoutListModel {
    var window: ListWindow

    init(count: Int) {
        window = ListWindow(count: count, height: 0)
    }
}

/// Counts the body evaluations of each list row, by row index.
@MainActor
private final class RowBodyCounter {
    private(set) var evaluations: [Int: Int] = [:]

    func record(_ index: Int) {
        evaluations[index, default: 0] += 1
    }

    func reset() {
        evaluations.removeAll()
    }
}

/// One row of the list: its index, highlighted when selected. The fields are ordered so that the view has no padding
/// bytes (a parent passing the same row is recognised by its bytes).
private struct LayoutListRow: View {
    let index: Int
    let counter: RowBodyCounter
    let isSelected: Bool

    var body: some View {
        let _ = counter.record(index)
        Text("row \(index)").highlighted(isSelected)
    }
}

/// A lazy list over the model's window, which the mouse wheel scrolls.
private struct LayoutListScreen: View {
    @Bindable var model: LayoutListModel
    let counter: RowBodyCounter

    var body: some View {
        LazyList($model.window) { index, isSelected in
            LayoutListRow(index: index, counter: counter, isSelected: isSelected)
        }
        .onScrollWheel { rows in model.window.scroll(by: rows) }
    }
}

/// Draws `view` into a blank buffer of `rows` by `columns`.
@MainActor
private func drawn<V: View>(_ view: V, rows: Int, columns: Int, colors: Bool = true) -> CellBuffer {
    var buffer = CellBuffer(rows: rows, columns: columns)
    ViewHost(view).draw(into: &buffer, colors: colors)
    return buffer
}

/// The screen as text: one string per row, the cells' text joined (the right halves of wide characters left out),
/// trailing spaces trimmed.
private func screen(_ buffer: CellBuffer) -> [String] {
    (0..<buffer.rows).map { row in
        var line = ""
        for column in 0..<buffer.columns where !buffer[row, column].isContinuation {
            line += buffer[row, column].text
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}

/// The style of the cell at `row`, `column`.
private func style(_ buffer: CellBuffer, row: Int, column: Int) -> CellStyle {
    buffer[row, column].style
}

/// The screen's lines between bars, for the message of a failed expectation.
private func picture(_ lines: [String]) -> String {
    "\n" + lines.map { "|\($0)|" }.joined(separator: "\n")
}

/// Views laid out in terminal cells and drawn into a `CellBuffer`: stacks, flexible space, text, frames, padding,
/// borders, overlays, a lazy list, clicks and the wheel, colours, and buffers too small for what they show.
@MainActor @Suite("Layout: views drawn into a cell buffer")
struct LayoutTests {
    @Test("VStack stacks its children's rows, aligned by its alignment (center by default) across a wider space")
    func verticalStackAndAlignment() {
        let stacked = screen(
            drawn(
                VStack(alignment: .leading) {
                    Text("one")
                    Text("two")
                    Text("three")
                }, rows: 5, columns: 10))
        #expect(stacked == ["one", "two", "three", "", ""], "\(picture(stacked))")

        let centered = screen(
            drawn(
                VStack {
                    Text("a")
                    Text("bbb")
                }, rows: 2, columns: 7))
        #expect(centered == ["   a", "  bbb"], "\(picture(centered))")

        let leading = screen(
            drawn(
                VStack(alignment: .leading) {
                    Text("a")
                    Text("bbb")
                }, rows: 2, columns: 7))
        #expect(leading == ["a", "bbb"], "\(picture(leading))")

        let trailing = screen(
            drawn(
                VStack(alignment: .trailing) {
                    Text("a")
                    Text("bbb")
                }, rows: 2, columns: 7))
        #expect(trailing == ["      a", "    bbb"], "\(picture(trailing))")

        // A centred stack is as wide as its widest child: placed at the leading edge of a wider frame, it centres
        // within its own width only.
        let framed = screen(
            drawn(
                VStack {
                    Text("a")
                    Text("bbb")
                }
                .frame(width: 7, height: 2, alignment: .leading), rows: 2, columns: 7))
        #expect(framed == [" a", "bbb"], "\(picture(framed))")

        let spaced = screen(
            drawn(
                VStack(alignment: .leading, spacing: 1) {
                    Text("a")
                    Text("b")
                }, rows: 3, columns: 4))
        #expect(spaced == ["a", "", "b"], "\(picture(spaced))")
    }

    @Test("HStack puts its children side by side, one column apart by default, aligned vertically by its alignment")
    func horizontalStackAndSpacing() {
        let spaced = screen(
            drawn(
                HStack {
                    Text("ab")
                    Text("cd")
                    Text("e")
                }, rows: 1, columns: 20))
        #expect(spaced == ["ab cd e"], "\(picture(spaced))")

        let tight = screen(
            drawn(
                HStack(spacing: 0) {
                    Text("ab")
                    Text("cd")
                    Text("e")
                }, rows: 1, columns: 20))
        #expect(tight == ["abcde"], "\(picture(tight))")

        let bottom = screen(
            drawn(
                HStack(alignment: .bottom) {
                    Text("a")
                    Text("b\nc")
                }, rows: 3, columns: 5))
        #expect(bottom == ["", "  b", "a c"], "\(picture(bottom))")
    }

    @Test("A Spacer takes the space left: the text after it lands on the last row, or in the last column")
    func spacerSharesFlexibleSpace() {
        let column = screen(
            drawn(
                VStack(alignment: .leading) {
                    Text("top")
                    Spacer()
                    Text("bottom")
                }, rows: 10, columns: 10))
        #expect(column == ["top"] + Array(repeating: "", count: 8) + ["bottom"], "\(picture(column))")

        let rowBuffer = drawn(
            HStack {
                Text("a")
                Spacer()
                Text("b")
            }, rows: 1, columns: 10)
        let row = screen(rowBuffer)
        #expect(row == ["a        b"], "\(picture(row))")
        #expect(rowBuffer[0, 9].text == "b", "\(picture(row))")

        let centered = screen(
            drawn(
                HStack(spacing: 0) {
                    Spacer()
                    Text("mid")
                    Spacer()
                }, rows: 1, columns: 11))
        #expect(centered == ["    mid"], "\(picture(centered))")
    }

    @Test("Text offered one short line is cut with …, and leaves the rest of the row to the text before it")
    func textTruncatesOnOneLine() {
        let alone = screen(drawn(Text("Hello, world"), rows: 1, columns: 8))
        #expect(alone == ["Hello, …"], "\(picture(alone))")

        let inRow = screen(
            drawn(
                HStack {
                    Text("ab")
                    Text("a long title")
                }, rows: 1, columns: 10))
        #expect(inRow == ["ab a long…"], "\(picture(inRow))")

        let limited = screen(
            drawn(Text("the quick brown fox").lineLimit(1).frame(width: 10, height: 3, alignment: .topLeading), rows: 3, columns: 10))
        #expect(limited == ["the quick…", "", ""], "\(picture(limited))")
    }

    @Test("Text on one line shows its first paragraph: a newline ends it, a CR LF or a lone CR does not")
    func oneLineStopsAtTheFirstNewline() {
        func oneLine(_ text: String) -> [String] {
            screen(drawn(Text(text).lineLimit(1).frame(width: 10, height: 1, alignment: .topLeading), rows: 1, columns: 10))
        }
        // A text with more after its first line shows that line and "…".
        #expect(oneLine("first\nsecond") == ["first…"])
        #expect(oneLine("\nsecond") == ["…"])
        #expect(oneLine("no break here at all") == ["no break …"])
        #expect(oneLine("tail\n") == ["tail…"])
        #expect(oneLine("日本\n語") == ["日本…"])
        // Where a character-at-a-time split at "\n" ends the first line, CR LF (one character) and a lone CR included.
        for text in ["a\r\nb\nc", "x\ry\nz", "\r\n\nq", "just\r", "a\u{301}\nb", "long line that is cut\r\nthen"] {
            let paragraphs = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let first = oneLine(String(paragraphs[0]))[0]
            #expect(oneLine(text) == [first + (paragraphs.count > 1 ? "…" : "")], "\(text.debugDescription)")
        }
    }

    @Test("Text given rows wraps at spaces, and a text cut short ends its last line in …")
    func textWrapsAtSpaces() {
        let wrapped = screen(
            drawn(
                VStack(alignment: .leading) {
                    Text("the quick brown fox jumps").frame(width: 10, height: 3, alignment: .topLeading)
                    Text("next")
                }, rows: 5, columns: 20))
        #expect(wrapped == ["the quick", "brown fox", "jumps", "next", ""], "\(picture(wrapped))")

        let cut = screen(
            drawn(Text("the quick brown fox jumps").frame(width: 10, height: 2, alignment: .topLeading), rows: 2, columns: 10))
        #expect(cut == ["the quick", "brown fox…"], "\(picture(cut))")
    }

    @Test("CJK and emoji take two columns each: the next text of an HStack starts after them and the gap")
    func wideCharactersTakeTwoColumns() {
        let buffer = drawn(
            HStack {
                Text("日本語")
                Text("x")
            }, rows: 1, columns: 10)
        let lines = screen(buffer)
        #expect(lines == ["日本語 x"], "\(picture(lines))")
        #expect(buffer[0, 0].text == "日", "\(picture(lines))")
        #expect(buffer[0, 1].isContinuation, "\(picture(lines))")
        #expect(buffer[0, 4].text == "語", "\(picture(lines))")
        #expect(buffer[0, 6].text == " ", "\(picture(lines))")
        #expect(buffer[0, 7].text == "x", "\(picture(lines))")

        let emoji = drawn(
            HStack {
                Text("🎧")
                Text("ok")
            }, rows: 1, columns: 10)
        #expect(emoji[0, 0].text == "🎧", "\(picture(screen(emoji)))")
        #expect(emoji[0, 1].isContinuation, "\(picture(screen(emoji)))")
        #expect(emoji[0, 3].text == "o", "\(picture(screen(emoji)))")

        let cut = screen(drawn(Text("日本語テキスト"), rows: 1, columns: 7))
        #expect(cut == ["日本語…"], "\(picture(cut))")
    }

    @Test("frame(width:height:alignment:) takes its size and places its content by the alignment")
    func fixedFrameAlignsContent() {
        let lines = screen(
            drawn(
                HStack(spacing: 0) {
                    Text("ab").frame(width: 6, height: 3)
                    Text("ab").frame(width: 6, height: 3, alignment: .bottomTrailing)
                    Text("|")
                }, rows: 3, columns: 13))
        #expect(lines == ["", "  ab        |", "          ab"], "\(picture(lines))")
    }

    @Test("frame(maxWidth: .max) fills the width offered, so its content is centred across the whole row")
    func maxWidthFrameFillsOffer() {
        let lines = screen(
            drawn(
                VStack(alignment: .leading) {
                    Text("mid").frame(maxWidth: .max)
                    Text("x")
                }, rows: 2, columns: 11))
        #expect(lines == ["    mid", "x"], "\(picture(lines))")
    }

    @Test("padding leaves free cells around its content")
    func paddingLeavesCells() {
        let all = screen(
            drawn(
                VStack(alignment: .leading) {
                    Text("pad").padding(1)
                    Text("next")
                }, rows: 8, columns: 10))
        #expect(all == ["", " pad", "", "next", "", "", "", ""], "\(picture(all))")

        let sides = screen(
            drawn(
                HStack(spacing: 0) {
                    Text("a").padding(.horizontal, 2)
                    Text("b")
                }, rows: 1, columns: 10))
        #expect(sides == ["  a  b"], "\(picture(sides))")
    }

    @Test("border(title:) draws a line box around its content with the title in the top edge")
    func borderDrawsBoxWithTitle() {
        let lines = screen(drawn(Text("episode").border(title: "Queue"), rows: 4, columns: 12))
        #expect(
            lines == [
                "┌ Queue ───┐",
                "│episode   │",
                "│          │",
                "└──────────┘",
            ], "\(picture(lines))")

        let stacked = screen(
            drawn(
                VStack(alignment: .leading) {
                    Text("x").border()
                    Text("below")
                }, rows: 10, columns: 10))
        #expect(Array(stacked.prefix(4)) == ["┌─┐", "│x│", "└─┘", "below"], "\(picture(stacked))")
    }

    @Test("A bordered text keeps its box above another text when the rows just suffice for both")
    func borderedTextKeepsItsLinesInTightStack() {
        let lines = screen(
            drawn(
                VStack(alignment: .leading) {
                    Text("x").border()
                    Text("below")
                }, rows: 4, columns: 10))
        #expect(lines == ["┌─┐", "│x│", "└─┘", "below"], "\(picture(lines))")
    }

    @Test("overlay draws over its content, placed by its alignment")
    func overlayDrawsOnTop() {
        let lines = screen(
            drawn(
                VStack(alignment: .leading) {
                    Text("abcdefghij").overlay { Text("X") }
                    Text("abcdefghij").overlay(alignment: .trailing) { Text("end") }
                }, rows: 2, columns: 10))
        #expect(lines == ["abcdXfghij", "abcdefgend"], "\(picture(lines))")
    }

    @Test("highlighted() reverses and bolds every cell of the view's rectangle, blanks included")
    func highlightedFillsWholeRow() {
        let buffer = drawn(
            VStack(alignment: .leading) {
                Text("plain")
                Text("sel").frame(maxWidth: .max, alignment: .leading).highlighted()
            }, rows: 2, columns: 8)
        let lines = screen(buffer)
        #expect(lines == ["plain", "sel"], "\(picture(lines))")
        for column in 0..<8 {
            #expect(style(buffer, row: 1, column: column) == CellStyle(bold: true, reverse: true), "column \(column)\(picture(lines))")
            #expect(style(buffer, row: 0, column: column) == .plain, "column \(column)\(picture(lines))")
        }
    }

    @Test("LazyList over 100,000 rows mounts only the rows on screen, learns its height, and scrolls with the selection")
    func lazyListMountsVisibleRows() {
        let model = LayoutListModel(count: 100_000)
        let host = ViewHost(LayoutListScreen(model: model, counter: RowBodyCounter()))
        var buffer = CellBuffer(rows: 10, columns: 20)
        host.draw(into: &buffer)
        var lines = screen(buffer)
        #expect(model.window.height == 10)
        #expect(lines == (0..<10).map { "row \($0)" }, "\(picture(lines))")
        #expect(host.mountedNodeCount >= 10, "mounted \(host.mountedNodeCount)")
        #expect(host.mountedNodeCount <= 3 * 10 + 5, "mounted \(host.mountedNodeCount)")
        for column in 0..<20 {
            #expect(style(buffer, row: 0, column: column).reverse, "column \(column)\(picture(lines))")
            #expect(!style(buffer, row: 1, column: column).reverse, "column \(column)\(picture(lines))")
        }

        for _ in 0..<10 { model.window.move(.down) }
        host.draw(into: &buffer)
        lines = screen(buffer)
        #expect(lines == (1..<11).map { "row \($0)" }, "\(picture(lines))")
        #expect(style(buffer, row: 9, column: 0).reverse, "\(picture(lines))")
        #expect(!style(buffer, row: 8, column: 0).reverse, "\(picture(lines))")

        #expect(host.scroll(at: CellPoint(x: 3, y: 5), by: 3))
        host.draw(into: &buffer)
        lines = screen(buffer)
        #expect(lines == (4..<14).map { "row \($0)" }, "\(picture(lines))")
        #expect(model.window.selection == 10)
        #expect(style(buffer, row: 6, column: 0).reverse, "\(picture(lines))")

        model.window.move(.last)
        host.draw(into: &buffer)
        lines = screen(buffer)
        #expect(lines == (99_990..<100_000).map { "row \($0)" }, "\(picture(lines))")
        #expect(style(buffer, row: 9, column: 0).reverse, "\(picture(lines))")
        #expect(host.mountedNodeCount <= 3 * 10 + 5, "mounted \(host.mountedNodeCount)")
    }

    @Test("Moving the selection by one evaluates only the two rows whose selection changed; scrolling one row mounts one")
    func selectionMoveEvaluatesTwoRows() {
        let model = LayoutListModel(count: 1_000)
        let counter = RowBodyCounter()
        let host = ViewHost(LayoutListScreen(model: model, counter: counter))
        var buffer = CellBuffer(rows: 10, columns: 20)
        host.draw(into: &buffer)
        #expect(counter.evaluations == Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, 1) }))

        counter.reset()
        model.window.move(.down)
        host.draw(into: &buffer)
        #expect(counter.evaluations == [0: 1, 1: 1])

        counter.reset()
        model.window.move(.to(9))
        host.draw(into: &buffer)
        #expect(counter.evaluations == [1: 1, 9: 1])

        counter.reset()
        model.window.move(.down)
        host.draw(into: &buffer)
        #expect(counter.evaluations == [9: 1, 10: 1])
        let lines = screen(buffer)
        #expect(lines.first == "row 1", "\(picture(lines))")
        #expect(lines.last == "row 10", "\(picture(lines))")
    }

    @Test("tap(at:count:) runs the tapped view's action with the point relative to it; a double click falls back to one")
    func tapRunsActionAtRelativePoint() {
        let log = EventLog()
        let host = ViewHost(
            VStack(alignment: .leading) {
                Text("first")
                    .onTapGesture { point in log.record("first \(point.x),\(point.y)") }
                Text("second")
                    .onTapGesture { point in log.record("second \(point.x),\(point.y)") }
                    .onTapGesture(count: 2) { point in log.record("double \(point.x),\(point.y)") }
            })
        var buffer = CellBuffer(rows: 3, columns: 20)
        host.draw(into: &buffer)

        #expect(host.tap(at: CellPoint(x: 3, y: 0)))
        #expect(host.tap(at: CellPoint(x: 2, y: 1)))
        #expect(host.tap(at: CellPoint(x: 1, y: 1), count: 2))
        #expect(host.tap(at: CellPoint(x: 4, y: 0), count: 2))
        #expect(log.events == ["first 3,0", "second 2,0", "double 1,0", "first 4,0"])

        #expect(!host.tap(at: CellPoint(x: 12, y: 0)))
        #expect(!host.tap(at: CellPoint(x: 0, y: 2)))
        #expect(!host.tap(at: CellPoint(x: 7, y: 1), count: 2))
        #expect(log.events.count == 4)
    }

    @Test("scroll(at:by:) gives the wheel's rows to the view under the point, and returns false elsewhere")
    func scrollWheelReachesViewUnderPoint() {
        let log = EventLog()
        let host = ViewHost(
            VStack(alignment: .leading) {
                Text("header")
                Text("body")
                    .frame(maxWidth: .max, maxHeight: .max)
                    .onScrollWheel { rows in log.record("wheel \(rows)") }
            })
        var buffer = CellBuffer(rows: 4, columns: 10)
        host.draw(into: &buffer)

        #expect(host.scroll(at: CellPoint(x: 9, y: 3), by: -2))
        #expect(host.scroll(at: CellPoint(x: 0, y: 1), by: 1))
        #expect(!host.scroll(at: CellPoint(x: 0, y: 0), by: 1))
        #expect(log.events == ["wheel -2", "wheel 1"])
    }

    @Test("draw(into:colors: false) drops colours but keeps bold and reverse")
    func drawingWithoutColors() {
        let view = VStack(alignment: .leading) {
            Text("red").foregroundColor(.index(1)).bold()
            Text("sel").reversed().background(.index(4))
        }
        let colored = drawn(view, rows: 2, columns: 6)
        #expect(style(colored, row: 0, column: 0) == CellStyle(bold: true, foreground: .index(1)))
        #expect(style(colored, row: 1, column: 0) == CellStyle(reverse: true, background: .index(4)))

        let plain = drawn(view, rows: 2, columns: 6, colors: false)
        #expect(screen(plain) == screen(colored), "\(picture(screen(plain)))")
        #expect(style(plain, row: 0, column: 0) == CellStyle(bold: true))
        #expect(style(plain, row: 1, column: 0) == CellStyle(reverse: true))
    }

    @Test("A buffer too small for a bordered view draws what fits, at every small size, without crashing")
    func tooSmallBufferDrawsWhatFits() {
        let bordered = Text("content").border(title: "Title")
        let narrow = screen(drawn(bordered, rows: 3, columns: 2))
        #expect(narrow == ["┌┐", "││", "└┘"], "\(picture(narrow))")
        let flat = screen(drawn(bordered, rows: 2, columns: 3))
        #expect(flat == ["┌─┐", "└─┘"], "\(picture(flat))")
        let small = screen(drawn(bordered, rows: 3, columns: 5))
        #expect(small == ["┌ T…┐", "│co…│", "└───┘"], "\(picture(small))")
        let single = screen(drawn(bordered, rows: 1, columns: 1))
        #expect(single == [""], "\(picture(single))")

        let model = LayoutListModel(count: 50)
        let host = ViewHost(
            VStack {
                HStack {
                    Text("日本語")
                    Text("x")
                }
                Divider()
                LazyList(Binding(get: { model.window }, set: { newValue in model.window = newValue })) { index, isSelected in
                    Text("row \(index)").highlighted(isSelected)
                }
                .border(title: "Episodes")
            }
            .padding(1))
        for rows in 0...6 {
            for columns in 0...9 {
                var buffer = CellBuffer(rows: rows, columns: columns)
                host.draw(into: &buffer)
                #expect(buffer.rows == rows && buffer.columns == columns, "\(rows)x\(columns)")
                #expect(screen(buffer).count == rows, "\(rows)x\(columns)")
            }
        }
    }
}
