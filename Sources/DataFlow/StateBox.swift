import Observation

/// The storage behind one `State` property of one mounted view.
///
/// Reads register with observation, so only bodies that read the value
/// depend on it. A write of an equal value changes nothing; a write during
/// a body is deferred to the next update pass.
@MainActor
final class StateBox<Value>: Observable, NodeStorage {
    private let registrar = ObservationRegistrar()
    private var stored: Value
    /// Weak: a binding may outlive the host that mounted the view.
    private weak var graph: ViewGraph?
    /// `\.value`, made once: a key path into a generic class is built anew each time it is written out (tens of
    /// thousands of instructions), and every read and write of the state names it.
    private let valuePath: KeyPath<StateBox<Value>, Value> = \StateBox<Value>.value

    init(_ value: Value, graph: ViewGraph) {
        stored = value
        self.graph = graph
    }

    var value: Value {
        get {
            registrar.access(self, keyPath: valuePath)
            return stored
        }
        set {
            if let graph, graph.isEvaluatingBody {
                graph.deferWrite { [self] in
                    self.value = newValue
                }
                return
            }
            if ValueEquality.isEqual(stored, newValue) {
                return
            }
            registrar.withMutation(of: self, keyPath: valuePath) {
                stored = newValue
            }
        }
    }
}
