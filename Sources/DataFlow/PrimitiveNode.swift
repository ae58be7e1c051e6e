import Observation

/// The node of a primitive view: a container, a modifier, text or a control.
@MainActor
final class PrimitiveNode: ViewNode {
    private(set) var view: any PrimitiveView
    /// Per-node state a modifier keeps between updates (a previous value, a task).
    var modifierState: AnyObject?
    private var hasUpdated = false

    /// Turns a new value of this node's view type into a primitive view
    /// without looking the conformance up again.
    private let unwrap: (any View) -> any PrimitiveView

    init(
        view: any PrimitiveView, unwrap: @escaping (any View) -> any PrimitiveView, graph: ViewGraph, depth: Int,
        environment: EnvironmentValues
    ) {
        self.view = view
        self.unwrap = unwrap
        super.init(graph: graph, depth: depth, environment: environment)
    }

    /// What turns a new value of `view`'s type into a primitive view, one for each type (`ViewNode.make` keeps them).
    static func unwrapper<Primitive: PrimitiveView>(for view: Primitive) -> (any View) -> any PrimitiveView {
        { incoming in cast(incoming, to: Primitive.self) }
    }

    override func update(with newView: any View, environment: EnvironmentValues) {
        view = unwrap(newView)
        self.environment = environment
        invalidateLayout()
        let isFirst = !hasUpdated
        hasUpdated = true
        view.didUpdate(node: self, isFirst: isFirst)
        if view.isLeaf { return }
        listChildren()
    }

    override func reevaluate() {
        isDirty = false
        invalidateLayout(repaints: false)
        listChildren()
    }

    /// Lists the children and reconciles them; a view that reads data to
    /// list them (`ForEach`) does so in an observation scope of its own.
    private func listChildren() {
        var list = ChildList()
        if view.listsChildrenFromData {
            tracking {
                view.makeChildren(into: &list)
            }
        } else {
            view.makeChildren(into: &list)
        }
        reconcile(list, environment: view.childEnvironment(environment))
    }

    override func render(into lines: inout [String]) {
        view.render(node: self, into: &lines)
    }

    override var laysOut: Bool { view.laysOut }

    override func appendLayoutItems(to items: inout [ViewNode]) {
        if view.laysOut {
            items.append(self)
        } else {
            super.appendLayoutItems(to: &items)
        }
    }

    override func measure(_ proposal: ProposedSize) -> CellSize {
        guard view.laysOut else { return super.measure(proposal) }
        return view.sizeThatFits(proposal, content: childLayout, node: self)
    }

    override func drawContent(in rect: CellRect, canvas: inout Canvas) {
        guard view.laysOut else { return super.drawContent(in: rect, canvas: &canvas) }
        view.draw(in: rect, content: childLayout, node: self, canvas: &canvas)
    }

    override func control(labelled label: String) -> Control? {
        if let control = view.control, control.label == label {
            return control
        }
        return super.control(labelled: label)
    }

    override func unmount() {
        guard isMounted else { return }
        super.unmount()
        view.willUnmount(node: self)
    }
}
