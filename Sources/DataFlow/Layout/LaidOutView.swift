/// A primitive view that takes part in layout itself: it picks its size from what its parent proposes, and draws in the
/// rectangle its parent places it in. Other primitive views (groups, `ForEach`, conditionals, modifiers that only hook
/// into the graph) are transparent: their children stand in the parent's layout in their place.
@MainActor
protocol LaidOutView: PrimitiveView {}

extension LaidOutView {
    var laysOut: Bool { true }
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
        if let layoutItems { return LayoutItems(nodes: layoutItems) }
        graph.hasLaidOut = true
        var items: [ViewNode] = []
        for child in children {
            child.appendLayoutItems(to: &items)
        }
        layoutItems = items
        return LayoutItems(nodes: items)
    }

    /// The size this node takes when offered `proposal`, measured once per proposal until it (or a descendant)
    /// changes: a frame measures again only what changed.
    func sizeThatFits(_ proposal: ProposedSize) -> CellSize {
        if let size = layoutCache[proposal] { return size }
        graph.hasLaidOut = true
        let size = measure(proposal)
        // Proposals of sizes the terminal no longer has are dropped now and then (with the measurements above, which
        // may rest on them).
        if layoutCache.count >= 64 { invalidateLayout() }
        layoutCache.keep(size, for: proposal)
        return size
    }
}

extension ViewNode {
    /// The laid-out views of one child (for a modifier that lays out two pieces of content apart, a list its rows).
    func layout(ofChild index: Int) -> LayoutItems {
        guard children.indices.contains(index) else { return LayoutItems(nodes: []) }
        let child = children[index]
        return child.laysOut ? LayoutItems(nodes: [child]) : child.childLayout
    }
}
