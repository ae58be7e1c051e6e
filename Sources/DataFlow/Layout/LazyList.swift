/// A list of any length that mounts only the rows on screen: the window says which rows those are and which one is
/// selected; the list tells it its height when drawn, and each row is made by `row` with its index and whether it is
/// the selected one.
///
/// A row keeps its node while it stays on screen (its identity is its index), so moving the selection evaluates the
/// two rows whose selection changed, and scrolling one row mounts one row and unmounts one.
public struct LazyList<Row: View>: View {
    let window: Binding<ListWindow>
    let row: (Int, Bool) -> Row
    var tap: ((_ index: Int, _ count: Int) -> Void)?

    /// Creates a list over `window`; `row` makes the view of one row (one line high).
    public init(_ window: Binding<ListWindow>, @ViewBuilder row: @escaping (_ index: Int, _ isSelected: Bool) -> Row) {
        self.window = window
        self.row = row
    }

    /// Runs `action` with a row's index and the clicks' count (1 or 2) when a row is clicked: one target for the list,
    /// not a gesture view in every row.
    public func onTapRow(perform action: @escaping (_ index: Int, _ count: Int) -> Void) -> LazyList {
        var list = self
        list.tap = action
        return list
    }

    public var body: Never { bodyNeverCalled() }
}

extension LazyList: LaidOutView {
    var listsChildrenFromData: Bool { true }

    func makeChildren(into children: inout ChildList) {
        let window = window.wrappedValue
        for index in window.visible {
            children.append(row(index, index == window.selection), key: .number(index))
        }
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        let count = window.wrappedValue.count
        let widest = proposal.width == nil ? content.nodes.map { $0.sizeThatFits(.ideal).width }.max() ?? 0 : 0
        return CellSize(width: proposal.width ?? widest, height: proposal.height ?? count)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        let shown = window.wrappedValue
        // The height is known now: the window learns it, and the rows it then shows are mounted in the next update.
        if canvas.pass == .placing, shown.height != rect.height { window.wrappedValue.resize(height: rect.height) }
        let lines = min(shown.visible.count, rect.height)
        if canvas.pass == .placing, let tap {
            // One target a click count for the rows shown, which finds the row from where the click is.
            let rows = CellRect(x: rect.x, y: rect.y, width: rect.width, height: lines).intersection(canvas.clip)
            let first = shown.visible.lowerBound + rows.y - rect.y
            if rows.width > 0, rows.height > 0 {
                for count in 1...2 {
                    canvas.tapTargets.append(TapTarget(rect: rows, count: count) { point, _ in tap(first + point.y, count) })
                }
            }
        }
        for line in 0..<lines {
            let row = CellRect(x: rect.x, y: rect.y + line, width: rect.width, height: 1)
            node.layout(ofChild: line).draw(in: row, canvas: &canvas)
        }
    }
}
