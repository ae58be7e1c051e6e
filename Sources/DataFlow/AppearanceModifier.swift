/// A view that runs actions when it appears in and disappears from the graph.
struct AppearanceModifier<Content: View>: View {
    let content: Content
    let onAppear: (() -> Void)?
    let onDisappear: (() -> Void)?

    var body: Never { bodyNeverCalled() }
}

/// The newest disappear action of one node.
@MainActor
private final class DisappearAction {
    var action: (() -> Void)?

    init(_ action: (() -> Void)?) {
        self.action = action
    }
}

extension AppearanceModifier: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func didUpdate(node: PrimitiveNode, isFirst: Bool) {
        if let state = node.modifierState as? DisappearAction {
            state.action = onDisappear
        } else {
            node.modifierState = DisappearAction(onDisappear)
        }
        if isFirst, let onAppear {
            node.graph.enqueueAction(onAppear)
        }
    }

    func willUnmount(node: PrimitiveNode) {
        if let action = (node.modifierState as? DisappearAction)?.action {
            node.graph.enqueueAction(action)
        }
    }
}

extension View {
    /// Adds an action to perform before this view appears.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        AppearanceModifier(content: self, onAppear: action, onDisappear: nil)
    }

    /// Adds an action to perform after this view disappears.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        AppearanceModifier(content: self, onAppear: nil, onDisappear: action)
    }
}
