/// A view the graph handles itself instead of evaluating a `body`.
///
/// Containers list their children, modifiers change the environment or hook
/// into the life of their node, and leaves draw text lines. Its `Body` is `Never`: the graph asks only such views
/// whether they are primitive.
@MainActor
protocol PrimitiveView {
    /// Lists the child views, each with the key that identifies it among its siblings.
    func makeChildren(into children: inout ChildList)

    /// The environment the children see.
    func childEnvironment(_ environment: EnvironmentValues) -> EnvironmentValues

    /// Appends this view's text lines; by default the children's lines.
    func render(node: PrimitiveNode, into lines: inout [String])

    /// Called after the node took this value, before its children are updated.
    func didUpdate(node: PrimitiveNode, isFirst: Bool)

    /// Called once when the node leaves the graph.
    func willUnmount(node: PrimitiveNode)

    /// The control this view is, if a user can act on it.
    var control: Control? { get }

    /// Whether listing the children reads observable data (as `ForEach`
    /// does), so the node must observe those reads and list them again.
    var listsChildrenFromData: Bool { get }

    /// Whether the view never has children (text, a spacer): its node lists none when it takes a new value.
    var isLeaf: Bool { get }

    /// Whether the view takes part in layout itself (a `LaidOutView`); the others are transparent.
    var laysOut: Bool { get }

    /// The size a laid-out view takes when offered `proposal`; `content` is its children's layout.
    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize

    /// Draws a laid-out view (and its children) in `rect`.
    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas)
}

extension PrimitiveView {
    func makeChildren(into children: inout ChildList) {}

    func childEnvironment(_ environment: EnvironmentValues) -> EnvironmentValues {
        environment
    }

    func render(node: PrimitiveNode, into lines: inout [String]) {
        node.renderChildren(into: &lines)
    }

    func didUpdate(node: PrimitiveNode, isFirst: Bool) {}

    func willUnmount(node: PrimitiveNode) {}

    var control: Control? { nil }

    var listsChildrenFromData: Bool { false }

    var isLeaf: Bool { false }

    var laysOut: Bool { false }

    /// A transparent view is never measured itself: its children stand in its place.
    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        content.sizeThatFits(proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        content.draw(in: rect, canvas: &canvas)
    }
}
