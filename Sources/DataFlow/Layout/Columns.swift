import TerminalCanvas

/// One line of text in columns, as a table's row shows it: each column a width (or the room the others leave), an
/// alignment and a style, drawn by one node. The line's own style fills it first (a selected row's reverse video).
public struct Columns: View {
    /// One column of the line.
    public struct Column: Sendable, Equatable {
        public var text: String
        /// Its width in cells; nil for a column that takes what the fixed ones leave (shared among such columns).
        public var width: Int?
        public var alignment: HorizontalAlignment
        public var style: CellStyle

        public init(_ text: String, width: Int? = nil, alignment: HorizontalAlignment = .leading, style: CellStyle = .plain) {
            self.text = text
            self.width = width.map { max(0, $0) }
            self.alignment = alignment
            self.style = style
        }
    }

    let columns: [Column]
    let spacing: Int
    let style: CellStyle

    /// Creates a line of `columns`, `spacing` cells apart, filled in `style` behind them (each column's own style is
    /// drawn over it, with the line's reverse and bold kept).
    public init(_ columns: [Column], spacing: Int = 1, style: CellStyle = .plain) {
        self.columns = columns
        self.spacing = max(0, spacing)
        self.style = style
    }

    public var body: Never { bodyNeverCalled() }
}

extension Columns: LaidOutView {
    func render(node: PrimitiveNode, into lines: inout [String]) {
        lines.append(columns.map(\.text).joined(separator: String(repeating: " ", count: max(1, spacing))))
    }

    /// The widths the columns take in `width` cells.
    private func widths(in width: Int) -> [Int] {
        let gaps = spacing * max(0, columns.count - 1)
        let fixed = columns.reduce(0) { $0 + ($1.width ?? 0) }
        let flexible = columns.filter { $0.width == nil }.count
        let room = max(0, width - gaps - fixed)
        var given = 0
        return columns.map { column in
            if let width = column.width { return width }
            given += 1
            // The first flexible columns take the remainder of an uneven share.
            return room / flexible + (given <= room % flexible ? 1 : 0)
        }
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        let ideal =
            columns.reduce(0) { $0 + ($1.width ?? DisplayWidth.of($1.text)) } + spacing * max(0, columns.count - 1)
        return CellSize(width: proposal.width ?? ideal, height: min(1, proposal.height ?? 1))
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        guard rect.height > 0 else { return }
        let inherited = node.environment.textStyle
        var filled = style
        filled.reverse = style.reverse || inherited.reverse
        filled.bold = style.bold || inherited.bold
        filled.underline = style.underline || inherited.underline
        let line = CellRect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        canvas.fill(line, style: filled)
        var x = rect.x
        for (number, (column, width)) in zip(columns, widths(in: rect.width)).enumerated() {
            defer { x += width + spacing }
            var shown = column.style
            shown.reverse = shown.reverse || filled.reverse
            shown.bold = shown.bold || filled.bold
            shown.underline = shown.underline || filled.underline
            // The gap before a column takes its style (the same blank on screen, one style change fewer to write).
            if number > 0, spacing > 0, x - spacing >= rect.x, shown != filled {
                canvas.fill(
                    CellRect(x: x - spacing, y: rect.y, width: min(spacing, rect.x + rect.width - x + spacing), height: 1), style: shown)
            }
            // Fixed columns wider than the line are cut at its end.
            let width = min(width, rect.x + rect.width - x)
            guard width > 0 else { continue }
            let text = DisplayWidth.of(column.text) > width ? DisplayWidth.prefix(column.text, fitting: width, ellipsis: true) : column.text
            let free = width - DisplayWidth.of(text)
            let offset = column.alignment == .trailing ? free : column.alignment == .center ? free / 2 : 0
            canvas.put(text, at: CellPoint(x: x + offset, y: rect.y), width: width - offset, style: shown)
        }
    }
}
