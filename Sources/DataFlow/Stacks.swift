/// A view that arranges its children in a vertical line.
///
/// A terminal host stacks the children's rows; as text lines, their lines in order.
public struct VStack<Content: View>: View {
    let content: Content
    let alignment: HorizontalAlignment
    let spacing: Int

    /// Creates a vertical stack of the views built by `content`, aligned across by `alignment`, `spacing` rows apart.
    public init(alignment: HorizontalAlignment = .center, spacing: Int = 0, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.alignment = alignment
        self.spacing = max(0, spacing)
    }

    public var body: Never { bodyNeverCalled() }
}

extension VStack: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    private var layout: StackLayout {
        StackLayout(axis: .vertical, spacing: spacing, alignment: Alignment(horizontal: alignment, vertical: .top))
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        layout.sizeThatFits(content.nodes, proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        layout.draw(content.nodes, in: rect, canvas: &canvas, node: node)
    }
}

/// A view that arranges its children in a horizontal line.
///
/// A terminal host puts the children side by side; as text lines, it lists their lines in order, as `VStack` does.
public struct HStack<Content: View>: View {
    let content: Content
    let alignment: VerticalAlignment
    let spacing: Int

    /// Creates a horizontal stack of the views built by `content`, aligned across by `alignment`, `spacing` columns
    /// apart.
    public init(alignment: VerticalAlignment = .center, spacing: Int = 1, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.alignment = alignment
        self.spacing = max(0, spacing)
    }

    public var body: Never { bodyNeverCalled() }
}

extension HStack: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    private var layout: StackLayout {
        StackLayout(axis: .horizontal, spacing: spacing, alignment: Alignment(horizontal: .leading, vertical: alignment))
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        layout.sizeThatFits(content.nodes, proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        layout.draw(content.nodes, in: rect, canvas: &canvas, node: node)
    }
}

/// A view that lays its children over each other, the later ones on top.
public struct ZStack<Content: View>: View {
    let content: Content
    let alignment: Alignment

    /// Creates a stack of the views built by `content`, each placed by `alignment` in the space of the largest.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.alignment = alignment
    }

    public var body: Never { bodyNeverCalled() }
}

extension ZStack: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        let sizes = content.nodes.map { $0.sizeThatFits(proposal) }
        return CellSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        let proposal = ProposedSize(width: rect.width, height: rect.height)
        for item in content.nodes {
            item.draw(in: rect.placing(item.sizeThatFits(proposal), alignment), canvas: &canvas)
        }
    }
}

/// A type that collects multiple views into one, without changing how they render.
public struct Group<Content: View>: View {
    let content: Content

    /// Creates a group of the views built by `content`.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { bodyNeverCalled() }
}

extension Group: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }
}
