import TerminalCanvas

/// A view that draws a line box around its content, with a title in its top edge.
struct BorderModifier<Content: View>: View {
    let content: Content
    let title: String?
    let style: CellStyle?

    var body: Never { bodyNeverCalled() }
}

extension BorderModifier: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        let inner = content.sizeThatFits(
            ProposedSize(
                width: proposal.width.map { max(0, $0 - 2) }, height: proposal.height.map { max(0, $0 - 2) },
                stackAxis: proposal.stackAxis))
        return CellSize(width: inner.width + 2, height: inner.height + 2)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let style = self.style ?? node.environment.textStyle
        let (left, right) = (rect.x, rect.x + rect.width - 1)
        let (top, bottom) = (rect.y, rect.y + rect.height - 1)
        func edge(_ row: Int, _ leftCorner: String, _ rightCorner: String) {
            canvas.repeatCharacter(leftCorner, at: CellPoint(x: left, y: row), count: 1, style: style)
            canvas.repeatCharacter("─", at: CellPoint(x: left + 1, y: row), count: rect.width - 2, style: style)
            canvas.repeatCharacter(rightCorner, at: CellPoint(x: right, y: row), count: 1, style: style)
        }
        edge(top, "┌", "┐")
        edge(bottom, "└", "┘")
        for row in (top + 1)..<bottom {
            canvas.repeatCharacter("│", at: CellPoint(x: left, y: row), count: 1, style: style)
            canvas.repeatCharacter("│", at: CellPoint(x: right, y: row), count: 1, style: style)
        }
        if let title, !title.isEmpty, rect.width > 4 {
            canvas.put(" \(title) ", at: CellPoint(x: rect.x + 1, y: rect.y), width: rect.width - 2, style: style)
        }
        content.draw(in: rect.inset(by: EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)), canvas: &canvas)
    }
}

extension View {
    /// Draws a line box around this view (one cell each side), with `title` in its top edge, in `style` (else the
    /// environment's text style).
    public func border(title: String? = nil, style: CellStyle? = nil) -> some View {
        BorderModifier(content: self, title: title, style: style)
    }
}
