/// A screen's worth of cells, rows by columns, that views draw into and `FrameWriter` turns into terminal output.
public struct CellBuffer: Sendable, Equatable {
    public private(set) var rows: Int
    public private(set) var columns: Int
    /// The cells, row after row.
    private(set) var cells: [Cell]

    /// A blank buffer of `rows` by `columns`.
    public init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        cells = Array(repeating: .blank, count: self.rows * self.columns)
    }

    /// Takes the cells inside `rects` from `other`, leaving the rest as it is; all of `other` when the sizes differ.
    public mutating func copy(_ rects: [CellRect], from other: CellBuffer) {
        guard other.rows == rows, other.columns == columns else { return self = other }
        for rect in rects {
            let (left, right) = (max(0, rect.x), min(columns, rect.x + rect.width))
            guard left < right else { continue }
            for row in max(0, rect.y)..<max(max(0, rect.y), min(rows, rect.y + rect.height)) {
                let span = (row * columns + left)..<(row * columns + right)
                cells.replaceSubrange(span, with: other.cells[span])
            }
        }
    }

    /// The cell at `row`, `column` (blank outside the buffer).
    public subscript(row: Int, column: Int) -> Cell {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return .blank }
        return cells[row * columns + column]
    }

    /// Writes `text` from `row`, `column` on, in `style`, as far as the row goes; returns the column after it. A wide
    /// character that would not fit at the end of the row is left out (a space is drawn there); whatever half of a wide
    /// character is overwritten, its other half becomes a space.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        guard (0..<rows).contains(row) else { return column }
        var at = column
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            let after = utf8.index(after: index)
            // Printable ASCII that nothing after it joins (every mark and joiner is beyond ASCII), most of what a
            // terminal shows: a column a byte, no character boundary or property looked up.
            if byte >= 0x20, byte < 0x7F, after == utf8.endIndex || utf8[after] < 0x80 {
                guard at >= 0, at < columns else { return columns }
                set(Cell(ascii: byte, style: style), row: row, column: at)
                at += 1
                index = after
                continue
            }
            // Anything else a character at a time, from the character boundary the loop stands on.
            guard let placed = place(text[index], row: row, column: at, style: style) else { return columns }
            at = placed
            index = text.index(after: index)
        }
        return at
    }

    /// `put` a character at a time, with no byte taken apart: what `put` must write.
    @discardableResult
    mutating func putCharacters(_ text: String, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        guard (0..<rows).contains(row) else { return column }
        var at = column
        for character in text {
            guard let placed = place(character, row: row, column: at, style: style) else { return columns }
            at = placed
        }
        return at
    }

    /// Writes one character at `column` of `row`; returns the column after it, or nil at the end of the row.
    private mutating func place(_ character: Character, row: Int, column at: Int, style: CellStyle) -> Int? {
        let width = DisplayWidth.of(character)
        if width == 0 {
            // A combining mark with nothing before it on this row stands alone, as terminals draw it.
            if at > 0, at <= columns { appendMark(character, row: row, column: at - 1) }
            return at
        }
        guard at >= 0, at + width <= columns else {
            if at >= 0, at < columns { set(.blank, row: row, column: at) }
            return nil
        }
        set(Cell(String(character), columns: width, style: style), row: row, column: at)
        if width == 2 { set(Cell("", columns: 0, style: style), row: row, column: at + 1) }
        return at + width
    }

    /// Blanks the whole buffer.
    public mutating func clear() {
        cells = Array(repeating: .blank, count: rows * columns)
    }

    /// Fills `count` cells of `row` from `column` with blanks in `style`.
    public mutating func fill(row: Int, column: Int, count: Int, style: CellStyle = .plain) {
        fill(row: row, column: column, count: count, with: Cell(ascii: 0x20, style: style))
    }

    /// Fills `count` cells of `row` from `column` with `cell`, a character of one column (a line of a box).
    public mutating func fill(row: Int, column: Int, count: Int, with cell: Cell) {
        let (from, to) = (max(0, column), min(columns, column + max(0, count)))
        guard (0..<rows).contains(row), from < to else { return }
        let start = row * columns
        // Only the wide characters cut at the two ends leave a half outside: a space there, as `set` does.
        if from > 0, cells[start + from].isContinuation {
            cells[start + from - 1] = Cell(ascii: 0x20, style: cells[start + from - 1].style)
        }
        if to < columns, cells[start + to].isContinuation { cells[start + to] = Cell(ascii: 0x20, style: cells[start + to].style) }
        for index in (start + from)..<(start + to) { cells[index] = cell }
    }

    /// Sets one cell, keeping every wide character whole: a half it overwrites leaves a space in the other half.
    private mutating func set(_ cell: Cell, row: Int, column: Int) {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return }
        let index = row * columns + column
        let old = cells[index]
        // Over a right half: its left half is left alone, and becomes a space (unless this is the right half of a
        // new wide character, written just after its left).
        if old.isContinuation, !cell.isContinuation, column > 0 {
            cells[index - 1] = Cell(ascii: 0x20, style: cells[index - 1].style)
        }
        // Over a left half: its right half becomes a space, unless a new wide character takes both.
        if !old.isContinuation, column + 1 < columns, cells[index + 1].isContinuation,
            cell.isContinuation || cell.width < 2
        {
            cells[index + 1] = Cell(ascii: 0x20, style: cells[index + 1].style)
        }
        cells[index] = cell
    }

    private mutating func appendMark(_ mark: Character, row: Int, column: Int) {
        var base = column
        if self[row, base].isContinuation, base > 0 { base -= 1 }
        let index = row * columns + base
        cells[index].text += String(mark)
    }
}
