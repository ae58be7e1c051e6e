/// The bytes that turn the terminal's screen from one frame into the next: only the cells that changed, cursor moves
/// and styles as needed, inside a synchronized-output block (terminals that know it show the frame at once; others
/// ignore it), so that a frame is one `write(2)`.
public enum FrameWriter {
    private static let escape = "\u{1B}["

    /// What turns `old` (nil: a screen of unknown content) into `new`; a size change redraws all.
    public static func bytes(from old: CellBuffer?, to new: CellBuffer) -> [UInt8] {
        var out = escape + "?2026h"
        let whole = old == nil || old?.rows != new.rows || old?.columns != new.columns
        if whole { out += escape + "0m" + escape + "H" + escape + "2J" }
        var style = CellStyle.plain
        var cursor: (row: Int, column: Int)? = whole ? (0, 0) : nil
        for row in 0..<new.rows {
            var column = 0
            while column < new.columns {
                let cell = new[row, column]
                // A wide character equal to the one shown has its right half equal too.
                let changed = whole ? cell != .blank : old.map { $0[row, column] != cell } ?? true
                guard changed, !cell.isContinuation else {
                    // A short gap of unchanged narrow cells in the style in force is written over again: cheaper than
                    // a cursor move to the next change.
                    if let gap = shortGap(in: new, old: old, row: row, from: column, style: style, cursor: cursor, whole: whole) {
                        for at in column..<(column + gap) { out += new[row, at].text }
                        column += gap
                        cursor = (row, column)
                        continue
                    }
                    column += 1
                    continue
                }
                if cursor?.row != row || cursor?.column != column { out += escape + "\(row + 1);\(column + 1)H" }
                if cell.style != style {
                    out += sgr(cell.style)
                    style = cell.style
                }
                out += cell.text
                let width = max(1, DisplayWidth.of(cell.text))
                column += width
                // After a wide character the next cell is reached by an explicit move: a terminal whose width table
                // differs (an emoji it draws narrow) then still puts every later cell in its place.
                cursor = width == 1 ? (row, column) : nil
            }
        }
        if style != .plain { out += escape + "0m" }
        out += escape + "?2026l"
        return Array(out.utf8)
    }

    /// The most unchanged cells written over instead of moving the cursor past them.
    private static let longestGap = 4

    /// How many unchanged cells from `column` (the cursor being there) lead to the next change on the row, when they
    /// are few, narrow and in `style`; nil otherwise.
    private static func shortGap(
        in new: CellBuffer, old: CellBuffer?, row: Int, from column: Int, style: CellStyle, cursor: (row: Int, column: Int)?,
        whole: Bool
    ) -> Int? {
        guard !whole, let old, cursor?.row == row, cursor?.column == column else { return nil }
        var at = column
        while at < new.columns, at - column <= longestGap {
            let cell = new[row, at]
            if old[row, at] != cell { return at > column ? at - column : nil }
            guard cell.style == style, !cell.isContinuation, DisplayWidth.of(cell.text) == 1 else { return nil }
            at += 1
        }
        return nil
    }

    /// The SGR sequence that sets `style` from nothing.
    static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if case .index(let index) = style.foreground {
            codes.append(index < 8 ? "\(30 + index)" : index < 16 ? "\(82 + index)" : "38;5;\(index)")
        }
        if case .index(let index) = style.background {
            codes.append(index < 8 ? "\(40 + index)" : index < 16 ? "\(92 + index)" : "48;5;\(index)")
        }
        return escape + codes.joined(separator: ";") + "m"
    }
}
