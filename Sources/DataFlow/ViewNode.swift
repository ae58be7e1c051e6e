import Observation
import Synchronization

/// One mounted view in a graph: its identity, environment and children.
///
/// A node lives as long as its view keeps its identity (type and position, or
/// explicit id); the storage of the view's dynamic properties lives with it.
@MainActor
class ViewNode {
    /// The graph the node is mounted in, which outlives it (it unmounts every node before it goes). Not an `unowned`
    /// reference: the graph has a side table (the weak references of its state boxes and of the list of live graphs),
    /// and every strong load of an unowned reference to it would take the slow path of its count.
    unowned(unsafe) let graph: ViewGraph
    /// Distance from the root; parents update before their descendants.
    let depth: Int
    /// The environment the parent passed down.
    var environment: EnvironmentValues
    /// Child nodes in order, with the keys that identify them.
    private(set) var children: [ViewNode] = []
    private var childKeys: [NodeKey] = []
    /// The type of the only child when it is listed by position (a body's one view): what `reconcileSingle` compares,
    /// without comparing keys.
    private var singleChildType: ObjectIdentifier?
    /// Storage of the view's dynamic properties, one slot per property.
    var slots: [AnyObject] = []
    /// False once the node has left the graph.
    private(set) var isMounted = true
    /// True while the node waits in the graph's dirty list.
    var isDirty = false
    /// Counts body evaluations; observation callbacks from older ones are stale.
    private(set) var generation: UInt64 = 0
    /// True while the observation scope of the latest evaluation has not fired.
    var hasLiveScope = false
    private var token: TrackingToken?
    /// What observation callbacks reach this node through, made at its first tracked evaluation.
    private var handle: NodeHandle?
    /// The sizes this node took for the proposals it was offered since it or a descendant last changed.
    var layoutCache = MeasuredSizes()
    /// What drawing at one size worked out (a stack's children's sizes, a text's lines), kept with the measurements.
    var drawCache: (size: CellSize, value: Any)?
    /// The laid-out views the children stand for, kept with the measurements.
    var layoutItems: [ViewNode]?
    /// Where the node was last placed, the clip it was placed in, and the click targets its subtree gave then.
    var placedRect: CellRect?
    var placedClip: CellRect?
    var placedTaps: [TapTarget] = []
    var placedScrolls: [ScrollTarget] = []
    /// Where nodes that left the tree were drawn (kept by the root).
    var departedRects: [CellRect] = []
    /// The node changed since it was last placed (a new value, an evaluation, new children).
    var selfChanged = true
    /// A node below this one changed since it was last placed.
    var subtreeChanged = true
    /// The frame count when `invalidateLayout` last passed this node between frames (-1: never, or while drawing).
    var forgottenInEpoch = -1
    /// The node whose children this one is among (nil for the root).
    /// Not a weak reference: a weak one gives every parent a side table, which makes each retain and release of it
    /// slow. A parent holds its children, and a node's parent is only read while the node is mounted or unmounting.
    unowned(unsafe) var parent: ViewNode?

    init(graph: ViewGraph, depth: Int, environment: EnvironmentValues) {
        self.graph = graph
        self.depth = depth
        self.environment = environment
    }

    /// Makes the node for a view that has no node yet.
    static func make(for view: any View, graph: ViewGraph, depth: Int, environment: EnvironmentValues) -> ViewNode {
        // Only a view without a body can be primitive: a view with one is not asked, as the first such question of a
        // type scans every conformance record of the binary.
        if hasNoBody(view), let unwrap = primitiveUnwrapper(for: view) {
            return PrimitiveNode(view: unwrap(view), unwrap: unwrap, graph: graph, depth: depth, environment: environment)
        }
        return makeBodyNode(view, graph: graph, depth: depth, environment: environment)
    }

    /// For each primitive view type met so far, what turns a view of it into a primitive view.
    private static var primitiveUnwrappers: [ObjectIdentifier: (any View) -> any PrimitiveView] = [:]

    /// What turns views of `view`'s type into primitive views; nil when the type is not primitive. The cast to
    /// `any PrimitiveView` looks the conformance up each time, so its result is kept by type.
    private static func primitiveUnwrapper(for view: any View) -> ((any View) -> any PrimitiveView)? {
        let type = ObjectIdentifier(Swift.type(of: view))
        if let known = primitiveUnwrappers[type] { return known }
        guard let primitive = view as? any PrimitiveView else { return nil }
        let unwrap = PrimitiveNode.unwrapper(for: primitive)
        primitiveUnwrappers[type] = unwrap
        return unwrap
    }

    /// True for a view whose body type is `Never`, as every primitive view's is.
    private static func hasNoBody<V: View>(_ view: V) -> Bool {
        V.Body.self == Never.self
    }

    private static func makeBodyNode<V: View>(_ view: V, graph: ViewGraph, depth: Int, environment: EnvironmentValues) -> ViewNode {
        BodyNode(view: view, graph: graph, depth: depth, environment: environment)
    }

    /// Runs `evaluation` in a fresh observation scope of this node. A change
    /// to anything read inside marks this node dirty, not its parent.
    ///
    /// A scope that has not fired when the node is evaluated again (its
    /// parent passed new inputs) is stale. The first time that happens the
    /// node gets a token its later scopes also read, so each stale scope can
    /// be cancelled at once instead of piling up registrations; nodes that
    /// only ever update from their own changes never pay for the token.
    func tracking<Result>(_ evaluation: () -> Result) -> Result {
        if hasLiveScope {
            if let token {
                token.cancelScopes()
            } else {
                token = TrackingToken()
            }
        }
        generation &+= 1
        let generation = generation
        let pending = graph.pending
        let handle = self.handle ?? NodeHandle(self)
        self.handle = handle
        let token = token
        hasLiveScope = true
        return graph.evaluatingBody {
            withObservationTracking {
                token?.read()
                return evaluation()
            } onChange: {
                pending.invalidate(handle.node, generation: generation)
            }
        }
    }

    /// Takes a new value of the view from the parent and updates the subtree.
    func update(with view: any View, environment: EnvironmentValues) {
        fatalError("\(Self.self) must override update(with:environment:)")
    }

    /// Evaluates the view again because something it depends on changed.
    func reevaluate() {
        isDirty = false
    }

    /// Appends the text lines of this subtree.
    func render(into lines: inout [String]) {
        renderChildren(into: &lines)
    }

    /// Appends the text lines of the children, in order.
    func renderChildren(into lines: inout [String]) {
        for child in children {
            child.render(into: &lines)
        }
    }

    /// Appends the laid-out views this node stands for: itself when it lays out, else its children's.
    func appendLayoutItems(to items: inout [ViewNode]) {
        items += childLayout.nodes
    }

    /// Whether the node takes part in layout itself (rather than standing for its children).
    var laysOut: Bool { false }

    /// Measures the node for `proposal` (without the frame's cache): its children, as a vertical stack.
    func measure(_ proposal: ProposedSize) -> CellSize {
        childLayout.sizeThatFits(proposal)
    }

    /// Draws the node's content in `rect`: its children, as a vertical stack.
    func drawContent(in rect: CellRect, canvas: inout Canvas) {
        childLayout.draw(in: rect, canvas: &canvas)
    }

    /// Draws the node in `rect`, in the canvas's pass. Placing, a node unchanged since it was last drawn, in the same
    /// place, is not visited again (its click targets are taken as they were), and one that changed or moved marks
    /// where it was and where it is as damaged. Painting, a node is drawn only where it meets the damage.
    func draw(in rect: CellRect, canvas: inout Canvas) {
        switch canvas.pass {
        case .placing:
            let clip = canvas.clip
            if !canvas.placesAll, !selfChanged, !subtreeChanged, placedRect == rect, placedClip == clip {
                canvas.tapTargets += placedTaps
                canvas.scrollTargets += placedScrolls
                return
            }
            if canvas.placesAll || selfChanged || placedRect != rect || placedClip != clip {
                if let placedRect, let placedClip { canvas.damage(placedRect.intersection(placedClip)) }
                canvas.damage(rect.intersection(clip))
            }
            let taps = canvas.tapTargets.count
            let scrolls = canvas.scrollTargets.count
            drawContent(in: rect, canvas: &canvas)
            placedTaps = Array(canvas.tapTargets[taps...])
            placedScrolls = Array(canvas.scrollTargets[scrolls...])
            placedRect = rect
            placedClip = clip
            selfChanged = false
            subtreeChanged = false
        case .painting:
            guard rect.intersects(canvas.clip) else { return }
            drawContent(in: rect, canvas: &canvas)
        }
    }

    /// Forgets the measurements of this node and of every node above it, whose sizes may depend on it: called when
    /// the node takes a new value or evaluates again. With `repaints` false (a node that only listed its children again, or evaluated a body: neither draws anything
    /// of its own), the node is not drawn again for it; its changed, new, moved and departed children are.
    func invalidateLayout(repaints: Bool = true) {
        if repaints { selfChanged = true }
        // Nothing was measured or drawn yet: every node still counts as changed, with nothing kept.
        guard graph.hasLaidOut else { return }
        // Between two frames nothing is measured, so a node this walk already passed since the last frame has every
        // node above it forgotten too: the walk stops there (one key's changes share most of their way to the root).
        let epoch = graph.isDrawing ? -1 : graph.layoutEpoch
        var node: ViewNode? = self
        while let current = node {
            if epoch >= 0, current.forgottenInEpoch == epoch { return }
            if !current.layoutCache.isEmpty { current.layoutCache.removeAll() }
            current.layoutItems = nil
            current.drawCache = nil
            current.subtreeChanged = true
            current.forgottenInEpoch = epoch
            node = current.parent
        }
    }

    /// Counts the mounted nodes of this subtree, this one included.
    func mountedCount() -> Int {
        children.reduce(1) { $0 + $1.mountedCount() }
    }

    /// The first control with this label in this subtree, in render order.
    func control(labelled label: String) -> Control? {
        for child in children {
            if let control = child.control(labelled: label) {
                return control
            }
        }
        return nil
    }

    /// Removes the subtree from the graph: children first, then this node's storage.
    func unmount() {
        guard isMounted else { return }
        isMounted = false
        // What it drew must be painted over: the top of the tree keeps the place for the next frame.
        if let placedRect, let placedClip {
            var top: ViewNode = self
            while let up = top.parent { top = up }
            top.departedRects.append(placedRect.intersection(placedClip))
        }
        if hasLiveScope {
            hasLiveScope = false
            token?.cancelScopes()
        }
        handle?.release()
        for child in children {
            child.unmount()
        }
        for slot in slots {
            (slot as? any NodeStorage)?.tearDown()
        }
    }

    /// Updates the only child in place when it is the same type, else reconciles.
    func reconcileSingle(_ view: any View, environment childEnvironment: EnvironmentValues) {
        if let singleChildType, singleChildType == ObjectIdentifier(Swift.type(of: view)) {
            children[0].update(with: view, environment: childEnvironment)
            return
        }
        var list = ChildList()
        list.append(view)
        reconcile(list, environment: childEnvironment)
    }

    private static let singleChildKey = ChildKey.position(0)

    /// Matches the listed child views to existing children by key and type,
    /// updates the matches, unmounts the rest and mounts the new ones.
    func reconcile(_ list: ChildList, environment childEnvironment: EnvironmentValues) {
        let entries = list.entries
        if entries.count == children.count, keysMatch(entries) {
            for index in entries.indices {
                children[index].update(with: entries[index].view, environment: childEnvironment)
            }
            return
        }
        var reusable: [NodeKey: [ViewNode]] = [:]
        for (key, child) in zip(childKeys, children) {
            reusable[key, default: []].append(child)
        }
        var matched: [ViewNode?] = []
        var newKeys: [NodeKey] = []
        matched.reserveCapacity(entries.count)
        newKeys.reserveCapacity(entries.count)
        for entry in entries {
            let key = NodeKey(entry)
            newKeys.append(key)
            if var candidates = reusable[key], !candidates.isEmpty {
                matched.append(candidates.removeFirst())
                reusable[key] = candidates
            } else {
                matched.append(nil)
            }
        }
        for leftovers in reusable.values {
            for child in leftovers {
                child.unmount()
            }
        }
        var newChildren: [ViewNode] = []
        newChildren.reserveCapacity(entries.count)
        for (entry, existing) in zip(entries, matched) {
            let child =
                existing
                ?? ViewNode.make(for: entry.view, graph: graph, depth: depth + 1, environment: childEnvironment)
            child.parent = self
            newChildren.append(child)
        }
        children = newChildren
        childKeys = newKeys
        singleChildType = newKeys.count == 1 && newKeys[0].key == Self.singleChildKey ? newKeys[0].type : nil
        for (entry, child) in zip(entries, newChildren) {
            child.update(with: entry.view, environment: childEnvironment)
        }
    }

    private func keysMatch(_ entries: [ChildList.Entry]) -> Bool {
        for index in entries.indices where NodeKey(entries[index]) != childKeys[index] {
            return false
        }
        return true
    }
}

/// A node as its observation callbacks reach it, from any thread: the node while it is mounted, nothing once it has
/// left. A strong reference the node lets go of when it leaves, rather than a weak one: a weak reference gives the node
/// a side table, which makes every retain and release of it slow.
final class NodeHandle: Sendable {
    private let held: Mutex<ViewNode?>

    init(_ node: ViewNode) {
        held = Mutex(node)
    }

    /// The node, while it is mounted.
    var node: ViewNode? { held.withLock { $0 } }

    /// Lets go of the node (it left the graph).
    func release() {
        held.withLock { $0 = nil }
    }
}
