/// The node at the top of a graph, holding the host's root view as its only child.
@MainActor
final class RootNode: ViewNode {
    override func update(with view: any View, environment: EnvironmentValues) {
        self.environment = environment
        invalidateLayout()
        var list = ChildList()
        list.append(view)
        reconcile(list, environment: environment)
    }
}
