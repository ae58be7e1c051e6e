import Observation

/// The node of a primitive view: a container, a modifier, text or a control.
@MainActor
final class PrimitiveNode: ViewNode {
    /// The view's latest value, held where it is read without a copy: a value read from a `var` of the node would be
    /// copied whole (a container's with every view under it) at each measure and draw.
    private var held: HeldView
    /// The view's latest value.
    var view: any PrimitiveView { held.view }
    /// Whether the view takes part in layout itself, read once a value.
    private var viewLaysOut: Bool
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
        held = HeldView(view)
        viewLaysOut = view.laysOut
        self.unwrap = unwrap
        super.init(graph: graph, depth: depth, environment: environment)
    }

    /// What turns a new value of `view`'s type into a primitive view, one for each type (`ViewNode.make` keeps them).
    static func unwrapper<Primitive: PrimitiveView>(for view: Primitive) -> (any View) -> any PrimitiveView {
        { incoming in cast(incoming, to: Primitive.self) }
    }

    override func update(with newView: any View, environment: EnvironmentValues) {
        held = HeldView(unwrap(newView))
        viewLaysOut = held.view.laysOut
        self.environment = environment
        invalidateLayout()
        let isFirst = !hasUpdated
        hasUpdated = true
        held.view.didUpdate(node: self, isFirst: isFirst)
        if held.view.isLeaf { return }
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
        let held = held
        if held.view.listsChildrenFromData {
            tracking {
                held.view.makeChildren(into: &list)
            }
        } else {
            held.view.makeChildren(into: &list)
        }
        reconcile(list, environment: held.view.childEnvironment(environment))
    }

    override func render(into lines: inout [String]) {
        held.view.render(node: self, into: &lines)
    }

    override var laysOut: Bool { viewLaysOut }

    override func appendLayoutItems(to items: inout [ViewNode]) {
        if viewLaysOut {
            items.append(self)
        } else {
            super.appendLayoutItems(to: &items)
        }
    }

    override func measure(_ proposal: ProposedSize) -> CellSize {
        guard viewLaysOut else { return super.measure(proposal) }
        return held.view.sizeThatFits(proposal, content: childLayout, node: self)
    }

    override func drawContent(in rect: CellRect, canvas: inout Canvas) {
        guard viewLaysOut else { return super.drawContent(in: rect, canvas: &canvas) }
        held.view.draw(in: rect, content: childLayout, node: self, canvas: &canvas)
    }

    override func control(labelled label: String) -> Control? {
        if let control = held.view.control, control.label == label {
            return control
        }
        return super.control(labelled: label)
    }

    override func unmount() {
        guard isMounted else { return }
        super.unmount()
        held.view.willUnmount(node: self)
    }
}

/// A primitive view's value in a box of its own: what a `let` holds is read in place.
private final class HeldView {
    let view: any PrimitiveView

    init(_ view: any PrimitiveView) {
        self.view = view
    }
}
