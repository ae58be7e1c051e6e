/// The bytes that turn the terminal's screen from one frame into the next: only the cells that changed, cursor moves
/// and styles as needed, inside a synchronized-output block (terminals that know it show the frame at once; others
/// ignore it), so that a frame is one `write(2)`.
public enum FrameWriter {
    private static let escape = "\u{1B}["

    /// What `bytes` gives when no cell changed: the synchronized-output block, empty (nothing worth writing).
    public static let unchanged = Array((escape + "?2026h" + escape + "?2026l").utf8)

    /// What turns `old` (nil: a screen of unknown content) into `new`; a size change redraws all. With `regions`, only
    /// cells inside them are compared: the caller knows nothing outside changed.
    public static func bytes(from old: CellBuffer?, to new: CellBuffer, regions: [CellRect]? = nil) -> [UInt8] {
        var out: [UInt8] = []
        // Room for a byte and a little more a cell compared: a frame's bytes are not copied as they grow.
        let area = regions?.reduce(0) { $0 + max(0, $1.width) * max(0, $1.height) } ?? new.rows * new.columns
        out.reserveCapacity(256 + area * 2)
        out += (escape + "?2026h").utf8
        let whole = old == nil || old?.rows != new.rows || old?.columns != new.columns
        if whole { out += (escape + "0m" + escape + "H" + escape + "2J").utf8 }
        var style = CellStyle.plain
        // Where the terminal's cursor is (a row of -1: not known).
        var cursorRow = whole ? 0 : -1
        var cursorColumn = 0
        let spans = whole ? nil : regions.map { Self.spans(of: $0, rows: new.rows, columns: new.columns) }
        // The cells are read straight from the two buffers' storage: a cell is a plain value, compared as memory.
        let width = new.columns
        let previousCells = whole ? nil : old?.cells
        new.cells.withUnsafeBufferPointer { cells in
            (previousCells ?? []).withUnsafeBufferPointer { previousStorage in
                let previous = previousCells == nil ? nil : previousStorage
                for row in 0..<new.rows {
                    let columns = spans.map { $0[row] } ?? [0..<width]
                    for span in columns {
                        var column = span.lowerBound
                        while column < span.upperBound {
                            let cell = cells[row * width + column]
                            // A wide character equal to the one shown has its right half equal too.
                            let changed: Bool
                            if let previous { changed = previous[row * width + column] != cell } else { changed = !whole || cell != .blank }
                            guard changed, !cell.isContinuation else {
                                // A short gap of unchanged narrow cells in the style in force is written over again:
                                // cheaper than a cursor move to the next change.
                                if let previous, cursorRow == row, cursorColumn == column,
                                    let gap = shortGap(in: cells, old: previous, row: row, columns: width, from: column, style: style)
                                {
                                    for at in column..<(column + gap) { cells[row * width + at].appendUTF8(to: &out) }
                                    column += gap
                                    cursorColumn = column
                                    continue
                                }
                                column += 1
                                // The cursor is behind now, so no gap is written until the next change: pass over the
                                // unchanged.
                                if let previous {
                                    while column < span.upperBound, previous[row * width + column] == cells[row * width + column] {
                                        column += 1
                                    }
                                }
                                continue
                            }
                            if cursorRow != row || cursorColumn != column { out += (escape + "\(row + 1);\(column + 1)H").utf8 }
                            if cell.style != style {
                                out += sgr(cell.style, from: style).utf8
                                style = cell.style
                            }
                            cell.appendUTF8(to: &out)
                            let columnsTaken = max(1, cell.width)
                            column += columnsTaken
                            // After a wide character the next cell is reached by an explicit move: a terminal whose width
                            // table differs (an emoji it draws narrow) then still puts every later cell in its place.
                            (cursorRow, cursorColumn) = columnsTaken == 1 ? (row, column) : (-1, 0)
                        }
                    }
                }
            }
        }
        if style != .plain { out += (escape + "0m").utf8 }
        out += (escape + "?2026l").utf8
        return out
    }

    /// For each row, the column ranges the regions cover there, in order and merged.
    private static func spans(of regions: [CellRect], rows: Int, columns: Int) -> [[Range<Int>]] {
        var spans = Array(repeating: [Range<Int>](), count: rows)
        for region in regions {
            let from = max(0, region.x)
            let to = min(columns, region.x + region.width)
            guard from < to else { continue }
            for row in max(0, region.y)..<min(rows, region.y + region.height) { spans[row].append(from..<to) }
        }
        // A row that one region covers is left as it is; no array is made for a row that none covers.
        for row in spans.indices where spans[row].count > 1 {
            var merged: [Range<Int>] = []
            for range in spans[row].sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, range.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            spans[row] = merged
        }
        return spans
    }

    /// The most unchanged cells written over instead of moving the cursor past them.
    private static let longestGap = 4

    /// How many unchanged cells from `column` of `row` (the cursor being there) lead to the next change on the row, when
    /// they are few, narrow and in `style`; nil otherwise. `new` and `old` are two buffers' cells, `columns` to a row.
    private static func shortGap(
        in new: UnsafeBufferPointer<Cell>, old: UnsafeBufferPointer<Cell>, row: Int, columns: Int, from column: Int, style: CellStyle
    ) -> Int? {
        var at = column
        while at < columns, at - column <= longestGap {
            let cell = new[row * columns + at]
            if old[row * columns + at] != cell { return at > column ? at - column : nil }
            guard cell.style == style, !cell.isContinuation, cell.width == 1 else { return nil }
            at += 1
        }
        return nil
    }

    /// The SGR sequence that sets `style` from nothing.
    static func sgr(_ style: CellStyle) -> String {
        sgr(style, from: nil)
    }

    /// The SGR sequence from `current` to `style`: only the attributes added when nothing is taken away (and the
    /// colours stay), else a reset and all of them.
    static func sgr(_ style: CellStyle, from current: CellStyle?) -> String {
        let adds =
            current.map { old in
                (!old.bold || style.bold) && (!old.dim || style.dim) && (!old.underline || style.underline)
                    && (!old.reverse || style.reverse) && old.foreground == style.foreground && old.background == style.background
            } ?? false
        var codes = adds ? [] : ["0"]
        let old = adds ? current! : CellStyle.plain
        if style.bold, !old.bold { codes.append("1") }
        if style.dim, !old.dim { codes.append("2") }
        if style.underline, !old.underline { codes.append("4") }
        if style.reverse, !old.reverse { codes.append("7") }
        guard !adds else { return escape + codes.joined(separator: ";") + "m" }
        if case .index(let index) = style.foreground {
            codes.append(index < 8 ? "\(30 + index)" : index < 16 ? "\(82 + index)" : "38;5;\(index)")
        }
        if case .index(let index) = style.background {
            codes.append(index < 8 ? "\(40 + index)" : index < 16 ? "\(92 + index)" : "48;5;\(index)")
        }
        return escape + codes.joined(separator: ";") + "m"
    }
}
