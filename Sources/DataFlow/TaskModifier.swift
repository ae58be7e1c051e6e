/// A view that runs an asynchronous task while it is mounted.
struct TaskModifier<Content: View, ID: Equatable>: View {
    let content: Content
    let id: ID
    let priority: TaskPriority
    let action: @isolated(any) @Sendable () async -> Void

    var body: Never { bodyNeverCalled() }
}

/// The running task of one `task` node and the id it was started for.
@MainActor
private final class RunningTask<ID: Equatable> {
    var id: ID
    var task: Task<Void, Never>?

    init(id: ID) {
        self.id = id
    }

    func cancel() {
        task?.cancel()
        task = nil
    }
}

extension TaskModifier: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func didUpdate(node: PrimitiveNode, isFirst: Bool) {
        if !isFirst, let running = node.modifierState as? RunningTask<ID> {
            guard running.id != id else { return }
            running.cancel()
            running.id = id
            start(running, node: node)
            return
        }
        let running = RunningTask(id: id)
        node.modifierState = running
        start(running, node: node)
    }

    func willUnmount(node: PrimitiveNode) {
        (node.modifierState as? RunningTask<ID>)?.cancel()
    }

    /// Starts the task after the current update pass, if the node is still there.
    private func start(_ running: RunningTask<ID>, node: PrimitiveNode) {
        let action = action
        let priority = priority
        let startedID = id
        node.graph.enqueueAction { [weak node] in
            guard let node, node.isMounted, running.id == startedID, running.task == nil else { return }
            running.task = Task(priority: priority, operation: action)
        }
    }
}

extension View {
    /// Adds an asynchronous task to perform before this view appears.
    ///
    /// The task starts when the view appears and is cancelled when it
    /// disappears. The closure runs on the actor it was written in — the
    /// main actor inside a view.
    public func task(
        priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View {
        TaskModifier(content: self, id: true, priority: priority, action: action)
    }

    /// Adds a task to perform before this view appears or when a specified value changes.
    ///
    /// When `id` changes, the running task is cancelled and a new one starts.
    public func task<T: Equatable>(
        id value: T,
        priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View {
        TaskModifier(content: self, id: value, priority: priority, action: action)
    }
}
