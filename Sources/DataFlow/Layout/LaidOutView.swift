/// A primitive view that takes part in layout itself: it picks its size from what its parent proposes, and draws in the
/// rectangle its parent places it in. Other primitive views (groups, `ForEach`, conditionals, modifiers that only hook
/// into the graph) are transparent: their children stand in the parent's layout in their place.
@MainActor
protocol LaidOutView: PrimitiveView {
    /// The size this view takes when offered `proposal`; `content` is its children's layout.
    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize

    /// Draws this view (and its children) in `rect`.
    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas)
}

/// The laid-out views a node's children stand for, which a parent arranges like a vertical stack when it expects one
/// child (as a body with several views is).
@MainActor
struct LayoutItems {
    let nodes: [ViewNode]

    var isEmpty: Bool { nodes.isEmpty }

    func sizeThatFits(_ proposal: ProposedSize) -> CellSize {
        if nodes.count == 1 { return nodes[0].sizeThatFits(proposal) }
        return StackLayout.implicit.sizeThatFits(nodes, proposal)
    }

    func draw(in rect: CellRect, canvas: inout Canvas) {
        if nodes.count == 1 {
            nodes[0].draw(in: rect, canvas: &canvas)
        } else {
            StackLayout.implicit.draw(nodes, in: rect, canvas: &canvas)
        }
    }
}

extension ViewNode {
    /// The laid-out views of this node's children.
    var childLayout: LayoutItems {
        var items: [ViewNode] = []
        for child in children {
            child.appendLayoutItems(to: &items)
        }
        return LayoutItems(nodes: items)
    }

    /// The size this node takes when offered `proposal`, measured once per proposal in a frame.
    func sizeThatFits(_ proposal: ProposedSize) -> CellSize {
        if layoutPass != graph.layoutPass {
            layoutPass = graph.layoutPass
            layoutCache.removeAll(keepingCapacity: true)
        } else if let size = layoutCache[proposal] {
            return size
        }
        let size = measure(proposal)
        layoutCache[proposal] = size
        return size
    }
}

extension ViewNode {
    /// The laid-out views of one child (for a modifier that lays out two pieces of content apart).
    func layout(ofChild index: Int) -> LayoutItems {
        guard children.indices.contains(index) else { return LayoutItems(nodes: []) }
        var items: [ViewNode] = []
        children[index].appendLayoutItems(to: &items)
        return LayoutItems(nodes: items)
    }
}
