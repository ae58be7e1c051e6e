import Observation

/// The node of a view that has a `body`.
///
/// Before each evaluation the node links the view's dynamic properties to its
/// storage and runs their `update()`. It evaluates `body` in an observation
/// scope of its own, so it depends on exactly what its own body read, and a
/// parent passing an identical value does not evaluate it again.
@MainActor
final class BodyNode<Content: View>: ViewNode {
    private var view: Content
    /// The value as the parent last passed it, before its properties were linked (once `hasInput`; a flag rather than
    /// an optional, whose generic metadata would be looked up at each comparison).
    private var input: Content
    private var hasInput = false
    private let layout: PropertyLayout

    init(view: Content, graph: ViewGraph, depth: Int, environment: EnvironmentValues) {
        self.view = view
        input = view
        self.layout = PropertyLayout.of(Content.self)
        super.init(graph: graph, depth: depth, environment: environment)
    }

    /// Takes the parent's new value. When it has the same bytes as the last
    /// one (same references, same scalars), the environment is the same and
    /// nothing the body read has changed, the body would produce the same
    /// children, so the evaluation is skipped.
    override func update(with newView: any View, environment: EnvironmentValues) {
        let incoming = cast(newView, to: Content.self)
        if !isDirty, hasInput,
            ValueEquality.isIdentical(input, incoming),
            ValueEquality.isIdentical(self.environment, environment)
        {
            return
        }
        input = incoming
        hasInput = true
        view = incoming
        self.environment = environment
        evaluate()
    }

    override func reevaluate() {
        evaluate()
    }

    private func evaluate() {
        isDirty = false
        graph.bodyEvaluations &+= 1
        invalidateLayout(repaints: false)
        if !layout.isEmpty {
            var linker = PropertyLinker(node: self)
            withUnsafeMutablePointer(to: &view) { pointer in
                layout.prepare(UnsafeMutableRawPointer(pointer), &linker)
            }
        }
        let body = tracking {
            view.body
        }
        reconcileSingle(body, environment: environment)
    }
}
