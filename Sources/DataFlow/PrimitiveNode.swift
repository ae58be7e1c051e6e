import Observation

/// The node of a primitive view: a container, a modifier, text or a control.
@MainActor
final class PrimitiveNode: ViewNode {
    /// The view's latest value, in memory of the node's own where it is read in place: a value read from a `var` of the
    /// node would be copied whole (a container's with every view under it) at each measure and draw.
    private let held: HeldView
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
        held.value = unwrap(newView)
        viewLaysOut = held.value.laysOut
        self.environment = environment
        invalidateLayout()
        let isFirst = !hasUpdated
        hasUpdated = true
        held.value.didUpdate(node: self, isFirst: isFirst)
        if held.value.isLeaf { return }
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
        if held.value.listsChildrenFromData {
            tracking {
                held.value.makeChildren(into: &list)
            }
        } else {
            held.value.makeChildren(into: &list)
        }
        reconcile(list, environment: held.value.childEnvironment(environment))
    }

    override func render(into lines: inout [String]) {
        held.value.render(node: self, into: &lines)
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
        return held.value.sizeThatFits(proposal, content: childLayout, node: self)
    }

    override func drawContent(in rect: CellRect, canvas: inout Canvas) {
        guard viewLaysOut else { return super.drawContent(in: rect, canvas: &canvas) }
        held.value.draw(in: rect, content: childLayout, node: self, canvas: &canvas)
    }

    override func control(labelled label: String) -> Control? {
        if let control = held.value.control, control.label == label {
            return control
        }
        return super.control(labelled: label)
    }

    override func unmount() {
        guard isMounted else { return }
        super.unmount()
        held.value.willUnmount(node: self)
    }
}

/// A primitive view's value in memory of its own, read and replaced in place (through its address, not a copy).
private final class HeldView {
    private let address: UnsafeMutablePointer<any PrimitiveView>

    init(_ value: any PrimitiveView) {
        address = .allocate(capacity: 1)
        address.initialize(to: value)
    }

    deinit {
        address.deinitialize(count: 1)
        address.deallocate()
    }

    var value: any PrimitiveView {
        unsafeAddress { UnsafePointer(address) }
        unsafeMutableAddress { address }
    }
}
