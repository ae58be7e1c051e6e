import TerminalCanvas

/// A view that draws a second view over its content, in the content's size, placed by an alignment.
struct OverlayModifier<Content: View, Overlay: View>: View {
    let content: Content
    let overlay: Overlay
    let alignment: Alignment

    var body: Never { bodyNeverCalled() }
}

extension OverlayModifier: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
        children.append(overlay)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        node.layout(ofChild: 0).sizeThatFits(proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        node.layout(ofChild: 0).draw(in: rect, canvas: &canvas)
        let top = node.layout(ofChild: 1)
        let size = top.sizeThatFits(ProposedSize(width: rect.width, height: rect.height))
        canvas.clipped(to: rect) { canvas in
            top.draw(in: rect.placing(size, alignment), canvas: &canvas)
        }
    }
}

/// A view whose whole rectangle is filled in a style before its content draws, and whose text takes that style.
struct FillModifier<Content: View>: View {
    let content: Content
    let change: (inout CellStyle) -> Void

    var body: Never { bodyNeverCalled() }
}

extension FillModifier: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func childEnvironment(_ environment: EnvironmentValues) -> EnvironmentValues {
        var environment = environment
        change(&environment.textStyle)
        return environment
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        content.sizeThatFits(proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        var style = node.environment.textStyle
        change(&style)
        canvas.fill(rect, style: style)
        content.draw(in: rect, canvas: &canvas)
    }
}

extension View {
    /// Draws `overlay` over this view, in its size, placed by `alignment`.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder _ overlay: () -> Overlay) -> some View {
        OverlayModifier(content: self, overlay: overlay(), alignment: alignment)
    }

    /// Fills this view's rectangle with `color` behind its content.
    public func background(_ color: TerminalColor) -> some View {
        FillModifier(content: self) { $0.background = color }
    }

    /// Marks this view as selected: its whole rectangle reversed and bold, which shows without colours too.
    public func highlighted(_ isActive: Bool = true) -> some View {
        FillModifier(content: self) { style in
            guard isActive else { return }
            style.reverse = true
            style.bold = true
        }
    }
}
