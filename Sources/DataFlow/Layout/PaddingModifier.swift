/// A view that leaves free cells around its content.
struct PaddingModifier<Content: View>: View {
    let content: Content
    let insets: EdgeInsets

    var body: Never { bodyNeverCalled() }
}

extension PaddingModifier: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        let across = insets.leading + insets.trailing
        let down = insets.top + insets.bottom
        let inner = content.sizeThatFits(
            ProposedSize(
                width: proposal.width.map { max(0, $0 - across) }, height: proposal.height.map { max(0, $0 - down) },
                stackAxis: proposal.stackAxis))
        return CellSize(width: inner.width + across, height: inner.height + down)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        content.draw(in: rect.inset(by: insets), canvas: &canvas)
    }
}

extension View {
    /// Leaves `length` free cells on the given sides of this view.
    public func padding(_ edges: Edge = .all, _ length: Int = 1) -> some View {
        let length = max(0, length)
        return PaddingModifier(
            content: self,
            insets: EdgeInsets(
                top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0))
    }

    /// Leaves `length` free cells on every side of this view.
    public func padding(_ length: Int) -> some View {
        padding(.all, length)
    }
}
