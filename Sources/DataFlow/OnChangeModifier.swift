/// A view that runs an action after an update in which a value changed.
struct OnChangeModifier<Content: View, Value: Equatable>: View {
    let content: Content
    let value: Value
    let initial: Bool
    let action: (Value, Value) -> Void

    var body: Never { bodyNeverCalled() }
}

/// The value an `onChange` modifier compares the next value with.
@MainActor
private final class ChangeBaseline<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

extension OnChangeModifier: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func didUpdate(node: PrimitiveNode, isFirst: Bool) {
        let action = action
        let newValue = value
        guard !isFirst, let baseline = node.modifierState as? ChangeBaseline<Value> else {
            node.modifierState = ChangeBaseline(newValue)
            if initial {
                node.graph.enqueueAction { action(newValue, newValue) }
            }
            return
        }
        let oldValue = baseline.value
        guard oldValue != newValue else { return }
        baseline.value = newValue
        node.graph.enqueueAction { action(oldValue, newValue) }
    }
}

extension View {
    /// Adds a modifier for this view that fires an action when a specific value changes.
    ///
    /// The value is compared with `==` each time the view is evaluated; the
    /// action runs after the update that changed it, never inside a body, and
    /// receives the value from the previous update and the new one. With
    /// `initial: true` it also runs once when the view appears, with the
    /// value as both arguments.
    public func onChange<V: Equatable>(
        of value: V,
        initial: Bool = false,
        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        OnChangeModifier(content: self, value: value, initial: initial, action: action)
    }

    /// Adds a modifier for this view that fires an action when a specific value changes.
    public func onChange<V: Equatable>(
        of value: V,
        initial: Bool = false,
        _ action: @escaping () -> Void
    ) -> some View {
        OnChangeModifier(content: self, value: value, initial: initial) { _, _ in action() }
    }
}
