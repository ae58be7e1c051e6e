import Observation

/// The node of a view that has a `body`.
///
/// Before each evaluation the node links the view's dynamic properties to its
/// storage and runs their `update()`. It evaluates `body` in an observation
/// scope of its own, so it depends on exactly what its own body read.
@MainActor
final class BodyNode<Content: View>: ViewNode {
    private var view: Content
    private let layout: PropertyLayout

    init(view: Content, graph: ViewGraph, depth: Int, environment: EnvironmentValues) {
        self.view = view
        self.layout = PropertyLayout.of(Content.self)
        super.init(graph: graph, depth: depth, environment: environment)
    }

    override func update(with newView: any View, environment: EnvironmentValues) {
        view = newView as! Content
        self.environment = environment
        evaluate()
    }

    override func reevaluate() {
        evaluate()
    }

    private func evaluate() {
        isDirty = false
        if !layout.isEmpty {
            var linker = PropertyLinker(node: self)
            withUnsafeMutablePointer(to: &view) { pointer in
                layout.prepare(UnsafeMutableRawPointer(pointer), &linker)
            }
        }
        generation &+= 1
        let generation = generation
        let pending = graph.pending
        let node: ViewNode = self
        let body = graph.evaluatingBody {
            withObservationTracking {
                view.body
            } onChange: { [weak node] in
                pending.invalidate(node, generation: generation)
            }
        }
        reconcileSingle(body, environment: environment)
    }
}
