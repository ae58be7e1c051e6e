/// A headless host for a view tree: it mounts a root view, keeps it up to
/// date, renders it as text lines and lets code act on its controls.
///
/// Changes only mark views as needing an update; `update()` runs all pending
/// updates synchronously. Replacing `rootView` is what a parent passing new
/// inputs does: views that keep their identity keep their state. When the
/// host goes away, its tasks and subscriptions are cancelled.
@MainActor
public final class ViewHost<Root: View> {
    private let graph = ViewGraph()
    private var scheduledUpdate: Task<Void, Never>?
    /// Where clicks and the wheel act in the frame drawn last.
    private var tapTargets: [TapTarget] = []
    private var scrollTargets: [ScrollTarget] = []

    /// The view at the root of the tree; setting it updates the tree at the next `update()`.
    public var rootView: Root {
        didSet { graph.setRoot(rootView) }
    }

    /// Creates a host and mounts `rootView`, running the first update.
    public init(_ rootView: Root) {
        self.rootView = rootView
        graph.setRoot(rootView)
        graph.update()
    }

    /// The latest warnings (state written during a body, update cycles), oldest first.
    public var warnings: [String] {
        graph.warnings
    }

    /// Receives each warning; by default warnings go to standard error.
    public var warningHandler: (String) -> Void {
        get { graph.warningHandler }
        set { graph.warningHandler = newValue }
    }

    /// The most update passes one `update()` runs before it stops with a warning.
    public var maximumUpdatePasses: Int {
        get { graph.maximumPasses }
        set { graph.maximumPasses = max(1, newValue) }
    }

    /// Whether changes schedule an `update()` on the main actor by themselves.
    ///
    /// Off by default, so that tests decide when updates happen. A long-lived
    /// host (a player, a REPL screen) turns it on.
    public var updatesAutomatically = false {
        didSet {
            guard updatesAutomatically != oldValue else { return }
            guard updatesAutomatically else { return whenChanged(nil) }
            whenChanged { [weak self] in self?.update() }
        }
    }

    /// Whether anything waits for the next `update()`.
    public var needsUpdate: Bool {
        graph.hasPendingWork
    }

    /// Whether the tree changed since it was last drawn (or has changes waiting): a host that draws frames draws one.
    public var needsDraw: Bool {
        graph.changedSinceDraw || graph.hasPendingWork
    }

    /// Makes `changes` and takes them in at once: with `updatesAutomatically` on, the update they would otherwise
    /// schedule is not asked for (work arriving meanwhile from elsewhere is taken in too).
    public func update(applying changes: () -> Void) {
        graph.pending.hold(true)
        changes()
        graph.pending.hold(false)
        update()
    }

    /// Runs all pending updates synchronously: re-evaluates the views whose
    /// dependencies changed, then runs change handlers, appear and disappear
    /// actions and received values, until nothing is left.
    public func update() {
        graph.update()
    }

    /// Runs pending updates, then returns the text lines of the tree.
    ///
    /// `Text` is its line, stacks list their children's lines, a `Button`
    /// renders `[label]`, a `Toggle` `[x] label` or `[ ] label`, and a
    /// `TextField` `label: text`.
    public func render() -> [String] {
        graph.update()
        return graph.render()
    }

    /// Presses the first button labelled `label`, then updates.
    ///
    /// Returns false when there is no such button.
    @discardableResult
    public func press(_ label: String) -> Bool {
        graph.update()
        guard case .button(_, let action)? = graph.control(labelled: label) else { return false }
        action()
        graph.update()
        return true
    }

    /// Flips the first toggle labelled `label`, then updates.
    ///
    /// Returns false when there is no such toggle.
    @discardableResult
    public func toggle(_ label: String) -> Bool {
        graph.update()
        guard case .toggle(_, let isOn)? = graph.control(labelled: label) else { return false }
        isOn.wrappedValue.toggle()
        graph.update()
        return true
    }

    /// Replaces the text of the first text field labelled `label`, then updates.
    ///
    /// Returns false when there is no such text field.
    @discardableResult
    public func type(_ label: String, _ text: String) -> Bool {
        graph.update()
        guard case .textField(_, let binding)? = graph.control(labelled: label) else { return false }
        binding.wrappedValue = text
        graph.update()
        return true
    }

    /// Runs pending updates, lays the tree out in `buffer`'s size (a body with several views stacks them) and draws it
    /// there. A list that learns its height when drawn mounts its rows, and the tree is drawn again (at most twice
    /// more). Without `colors`, styles keep everything but colours.
    ///
    /// The host keeps the frame it drew last: only what changed since is painted again over it, unless `whole` (or the
    /// size, or the colours, changed), which draws every view on a blank buffer.
    public func draw(into buffer: inout CellBuffer, colors: Bool = true, whole: Bool = false) {
        buffer = draw(rows: buffer.rows, columns: buffer.columns, colors: colors, whole: whole)
    }

    /// Draws as `draw(into:colors:whole:)` does, in a frame of `rows` by `columns`, and returns the frame. A caller that
    /// lets go of it before the next draw has that one painted in place, with no copy of the frame.
    public func draw(rows: Int, columns: Int, colors: Bool = true, whole: Bool = false) -> CellBuffer {
        let drawing = DrawnFrame(rows: rows, columns: columns, colors: colors)
        var whole = whole || lastDrawn != drawing
        if whole { lastFrame = CellBuffer(rows: rows, columns: columns) }
        lastDrawn = drawing
        repainted = whole ? nil : []
        for _ in 0..<3 {
            graph.update()
            // The canvas takes the frame over while it paints: held here too, each cell would be copied first.
            let frame = lastFrame
            lastFrame = CellBuffer(rows: 0, columns: 0)
            let canvas = graph.draw(into: frame, allowsColor: colors, whole: whole)
            repainted = repainted.map { $0 + canvas.damagedRects }
            lastFrame = canvas.buffer
            tapTargets = canvas.tapTargets
            scrollTargets = canvas.scrollTargets
            whole = false
            guard graph.hasPendingWork else { break }
        }
        return lastFrame
    }

    /// The frame drawn last.
    private var lastFrame = CellBuffer(rows: 0, columns: 0)

    /// Where the last `draw` painted (nothing else changed since the frame before); nil when it drew the whole frame.
    public private(set) var repainted: [CellRect]?

    /// The size and colours of the frame drawn last.
    private var lastDrawn: DrawnFrame?

    /// Runs the action of the topmost view drawn at `point` that takes `count` clicks (a double click falls back to a
    /// single one when nothing there takes two), then updates; returns false when none is there.
    @discardableResult
    public func tap(at point: CellPoint, count: Int = 1) -> Bool {
        for wanted in count > 1 ? [count, 1] : [1] {
            if let target = tapTargets.last(where: { $0.count == wanted && $0.rect.contains(point) }) {
                target.action(CellPoint(x: point.x - target.rect.x, y: point.y - target.rect.y), target.rect.size)
                graph.update()
                return true
            }
        }
        return false
    }

    /// Gives the wheel's `rows` to the topmost view drawn at `point` that takes it; false when none is there.
    @discardableResult
    public func scroll(at point: CellPoint, by rows: Int) -> Bool {
        guard let target = scrollTargets.last(where: { $0.rect.contains(point) }) else { return false }
        target.action(rows)
        graph.update()
        return true
    }

    /// Calls `handler` on the main actor when a change leaves work for the next `update()` (once until that update):
    /// a host that draws frames draws the next one then, and sleeps while nothing changes. Nil stops the calls.
    public func whenChanged(_ handler: (@MainActor () -> Void)?) {
        guard let handler else {
            graph.pending.setWake(nil)
            return
        }
        graph.pending.setWake { Task { @MainActor in handler() } }
        if graph.hasPendingWork { Task { @MainActor in handler() } }
    }

    /// How many view nodes are mounted (a lazy list's rows off screen are not).
    public var mountedNodeCount: Int {
        graph.mountedNodeCount
    }

    /// How many times a view's `body` has been evaluated in this host: what a change cost, counted.
    public var bodyEvaluations: Int {
        graph.bodyEvaluations
    }
}

/// The size and colours of a frame a host drew.
private struct DrawnFrame: Equatable {
    let rows: Int
    let columns: Int
    let colors: Bool
}
