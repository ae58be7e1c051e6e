import TerminalCanvas

/// The mounted tree of a host and the bookkeeping of its updates.
///
/// Writes only mark nodes dirty. Each pass of `update()` first delivers the
/// values publishers sent since the last pass, then re-evaluates the dirty
/// nodes, parents first, then runs the actions the pass produced (change
/// handlers, appear and disappear actions, task starts); it repeats while
/// those cause more changes, up to `maximumPasses`.
@MainActor
final class ViewGraph {
    /// Work reported from observation callbacks and publishers.
    let pending = PendingWork()
    /// Receives every warning, after it is recorded in `warnings`.
    var warningHandler: (String) -> Void = { message in
        StandardError.write("DataFlow: \(message)\n")
    }
    /// The latest warnings reported, oldest first.
    private(set) var warnings: [String] = []
    /// The most passes one `update()` runs before it stops with a warning.
    var maximumPasses = 100
    /// The transaction of the changes the next pass shows.
    var transaction: Transaction?
    /// True when an update changed the tree since it was last drawn.
    var changedSinceDraw = true
    /// True while `update()` runs.
    private(set) var isUpdating = false
    /// True once a node was measured or drawn: until then no node keeps anything of layout to forget when it changes
    /// (a graph that is never drawn into cells, as a player's, never pays for it).
    var hasLaidOut = false
    /// Counts the frames drawn; a node forgets its layout for the frames after the one it was last drawn in.
    private(set) var layoutEpoch = 0
    /// True while a frame is laid out and drawn (when measuring fills the caches that changes empty).
    private(set) var isDrawing = false
    /// Bodies evaluated so far.
    var bodyEvaluations = 0

    private lazy var root = RootNode(graph: self, depth: 0, environment: EnvironmentValues())
    private var pendingRoot: (any View)?
    /// Whether `pendingRoot` holds a view: asking the optional itself copies the view's existential, on every update.
    private var hasPendingRoot = false
    private var dirty: [ViewNode] = []
    private var actions: [() -> Void] = []
    private var receivedValues: [@MainActor @Sendable () -> Void] = []
    private var deferredWrites: [() -> Void] = []
    private var bodyDepth = 0
    private var taken = PendingWork.Batch()
    private var spareDirty: [ViewNode] = []

    private static var live: [WeakGraph] = []

    init() {
        Self.live.removeAll { $0.graph == nil }
        Self.live.append(WeakGraph(graph: self))
    }

    /// Unmounts the tree, cancelling its tasks and subscriptions.
    isolated deinit {
        root.unmount()
    }

    /// The most warnings kept in `warnings`; older ones are dropped.
    private static let keptWarnings = 100

    /// Whether anything waits for the next `update()`.
    var hasPendingWork: Bool {
        hasPendingRoot || !dirty.isEmpty || !actions.isEmpty || !deferredWrites.isEmpty
            || !receivedValues.isEmpty || pending.hasWork
    }

    /// Whether a view body is being evaluated right now.
    var isEvaluatingBody: Bool { bodyDepth > 0 }

    /// Sets the root view the next update mounts or updates.
    func setRoot(_ view: any View) {
        pendingRoot = view
        hasPendingRoot = true
    }

    /// Evaluates `body` with state writes deferred.
    func evaluatingBody<Result>(_ body: () -> Result) -> Result {
        bodyDepth += 1
        defer { bodyDepth -= 1 }
        return body()
    }

    /// Queues a node for re-evaluation in the next pass.
    func markDirty(_ node: ViewNode) {
        guard node.isMounted, !node.isDirty else { return }
        node.isDirty = true
        dirty.append(node)
    }

    /// Queues an action to run after the current pass, outside any body.
    func enqueueAction(_ action: @escaping () -> Void) {
        actions.append(action)
    }

    /// Queues a state write made during a body for the next pass.
    func deferWrite(_ write: @escaping () -> Void) {
        warn("Modifying state during view update is deferred to the next update; it would make the body depend on itself.")
        deferredWrites.append(write)
    }

    /// Records and reports a warning.
    func warn(_ message: String) {
        if warnings.count == Self.keptWarnings {
            warnings.removeFirst()
        }
        warnings.append(message)
        warningHandler(message)
    }

    /// The first control with this label, in render order.
    func control(labelled label: String) -> Control? {
        root.control(labelled: label)
    }

    /// The text lines of the mounted tree.
    func render() -> [String] {
        var lines: [String] = []
        root.render(into: &lines)
        return lines
    }

    /// Lays the tree out in `buffer`'s size and draws it there; returns the canvas, with where clicks act. With
    /// `whole`, every node is drawn on a blank buffer; otherwise only what changed (and what lies where it was or is)
    /// is painted again over the previous frame, which `buffer` holds.
    func draw(into buffer: consuming CellBuffer, allowsColor: Bool = true, whole: Bool) -> Canvas {
        changedSinceDraw = false
        hasLaidOut = true
        isDrawing = true
        defer {
            isDrawing = false
            layoutEpoch &+= 1
        }
        let screen = CellRect(x: 0, y: 0, width: buffer.columns, height: buffer.rows)
        var canvas = Canvas(buffer: buffer, placesAll: whole)
        canvas.allowsColor = allowsColor
        if whole {
            canvas.damage(screen)
        } else {
            for rect in root.departedRects { canvas.damage(rect.intersection(screen)) }
        }
        root.departedRects.removeAll()
        root.draw(in: screen, canvas: &canvas)
        canvas.blankDamage()
        canvas.paintDamage { canvas in root.draw(in: screen, canvas: &canvas) }
        return canvas
    }

    /// How many nodes are mounted.
    var mountedNodeCount: Int { root.mountedCount() - 1 }

    /// Runs all pending updates synchronously.
    ///
    /// Each pass runs with `Transaction.current` set to the transaction the
    /// pending changes were made in, if one was assigned, else the caller's.
    func update() {
        guard !isUpdating else { return }
        isUpdating = true
        let outerTransaction = Transaction.current
        defer {
            Transaction.current = outerTransaction
            isUpdating = false
        }
        var passes = 0
        while true {
            if let assigned = transaction {
                Transaction.current = assigned
                transaction = nil
            }
            applyDeferredWrites()
            takePendingWork()
            if !receivedValues.isEmpty {
                deliverReceivedValues()
                takePendingWork()
            }
            if hasPendingRoot, let view = pendingRoot {
                pendingRoot = nil
                hasPendingRoot = false
                changedSinceDraw = true
                root.update(with: view, environment: root.environment)
                takePendingWork()
            }
            if dirty.isEmpty && actions.isEmpty && deferredWrites.isEmpty && receivedValues.isEmpty {
                break
            }
            passes += 1
            if passes > maximumPasses {
                warn("Update cycle: changes kept causing changes after \(maximumPasses) passes; the rest waits for the next update.")
                break
            }
            changedSinceDraw = true
            reevaluateDirtyNodes()
            runActions()
        }
    }

    private func applyDeferredWrites() {
        guard !deferredWrites.isEmpty else { return }
        let writes = deferredWrites
        deferredWrites.removeAll()
        for write in writes {
            write()
        }
    }

    private func takePendingWork() {
        pending.take(into: &taken)
        guard !taken.invalidations.isEmpty || !taken.jobs.isEmpty else { return }
        for invalidation in taken.invalidations {
            let node = invalidation.node
            if let generation = invalidation.generation {
                guard generation == node.generation else { continue }
                node.hasLiveScope = false
            }
            markDirty(node)
        }
        taken.invalidations.empty()
        guard !taken.jobs.isEmpty else { return }
        receivedValues.append(contentsOf: taken.jobs)
        taken.jobs.removeAll(keepingCapacity: true)
    }

    /// Runs the jobs publishers sent before this pass, as if delivered when sent;
    /// jobs they cause wait for the next pass.
    private func deliverReceivedValues() {
        let values = receivedValues
        receivedValues.removeAll()
        for value in values {
            value()
        }
    }

    private func reevaluateDirtyNodes() {
        guard !dirty.isEmpty else { return }
        var nodes: [ViewNode] = []
        swap(&nodes, &spareDirty)
        swap(&nodes, &dirty)
        if nodes.count > 1 {
            nodes.sort { $0.depth < $1.depth }
        }
        for node in nodes where node.isDirty && node.isMounted {
            node.reevaluate()
        }
        nodes.empty()
        spareDirty = nodes
    }

    private func runActions() {
        while !actions.isEmpty {
            let batch = actions
            actions.removeAll()
            for action in batch {
                action()
            }
        }
    }

    /// Runs the pending updates of every graph that is not updating already,
    /// so that changes made before a transaction begins get their own pass.
    static func flushAll() {
        for entry in live {
            guard let graph = entry.graph, !graph.isUpdating, graph.hasPendingWork else { continue }
            graph.update()
        }
    }

    /// Gives the pending changes of every graph the transaction they were made in.
    static func assignTransaction(_ transaction: Transaction) {
        for entry in live {
            guard let graph = entry.graph, graph.hasPendingWork else { continue }
            graph.transaction = transaction
        }
    }
}

/// A weak reference to a graph in the list of live graphs.
@MainActor
private struct WeakGraph {
    weak var graph: ViewGraph?
}
