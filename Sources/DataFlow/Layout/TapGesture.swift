/// A view that runs an action when its rectangle is clicked a number of times.
struct TapGestureModifier<Content: View>: View {
    let content: Content
    let count: Int
    let action: (CellPoint, CellSize) -> Void

    var body: Never { bodyNeverCalled() }
}

extension TapGestureModifier: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        content.sizeThatFits(proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        let shown = rect.intersection(canvas.clip)
        if canvas.pass == .placing, shown.width > 0, shown.height > 0 {
            canvas.tapTargets.append(TapTarget(rect: rect, count: count, action: action))
        }
        content.draw(in: rect, canvas: &canvas)
    }
}

/// A view that takes the turns of the mouse wheel over its rectangle.
struct ScrollWheelModifier<Content: View>: View {
    let content: Content
    let action: (Int) -> Void

    var body: Never { bodyNeverCalled() }
}

extension ScrollWheelModifier: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        content.sizeThatFits(proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        if canvas.pass == .placing {
            canvas.scrollTargets.append(ScrollTarget(rect: rect.intersection(canvas.clip), action: action))
        }
        content.draw(in: rect, canvas: &canvas)
    }
}

extension View {
    /// Runs `action` when this view is clicked `count` times, with the cell clicked, relative to the view's top left.
    public func onTapGesture(count: Int = 1, perform action: @escaping (CellPoint) -> Void) -> some View {
        TapGestureModifier(content: self, count: max(1, count)) { point, _ in action(point) }
    }

    /// Runs `action` when this view is clicked `count` times, with the cell clicked (relative to the view's top left)
    /// and the view's size: where along a bar the click fell.
    public func onTapGesture(count: Int = 1, perform action: @escaping (CellPoint, CellSize) -> Void) -> some View {
        TapGestureModifier(content: self, count: max(1, count), action: action)
    }

    /// Runs `action` with the rows to scroll (positive: down) when the mouse wheel turns over this view.
    public func onScrollWheel(perform action: @escaping (Int) -> Void) -> some View {
        ScrollWheelModifier(content: self, action: action)
    }
}
