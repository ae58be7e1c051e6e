/// A bar that shows how far something has got: as wide as it is offered, one row high, `━` up to the value and `─`
/// after it.
public struct ProgressView: View {
    let fraction: Double

    /// Creates a bar for `value` out of `total` (a total of zero or less shows an empty bar).
    public init(value: Double, total: Double = 1) {
        fraction = total > 0 && value.isFinite ? min(1, max(0, value / total)) : 0
    }

    public var body: Never { bodyNeverCalled() }
}

extension ProgressView: LaidOutView {
    func render(node: PrimitiveNode, into lines: inout [String]) {
        lines.append("\(Int((fraction * 100).rounded()))%")
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        CellSize(width: proposal.width ?? 10, height: min(1, proposal.height ?? 1))
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        let filled = Int((Double(rect.width) * fraction).rounded(.down))
        let style = node.environment.textStyle
        canvas.put(String(repeating: "━", count: filled), at: CellPoint(x: rect.x, y: rect.y), width: filled, style: style)
        canvas.put(
            String(repeating: "─", count: rect.width - filled), at: CellPoint(x: rect.x + filled, y: rect.y), width: rect.width - filled,
            style: CellStyle(
                bold: style.bold, dim: true, underline: style.underline, reverse: style.reverse, foreground: style.foreground,
                background: style.background))
    }
}
