import OpenCombine

/// A node's subscription to the `objectWillChange` of one observable object.
///
/// It subscribes again only when it is handed a different object.
@MainActor
final class ObjectSubscription: NodeStorage {
    private var objectID: ObjectIdentifier?
    private var cancellable: AnyCancellable?
    /// How many times this storage subscribed; a new object means a new subscription.
    private(set) var subscriptionCount = 0

    /// Makes `node` invalid whenever `object` is about to change.
    func observe<Object: ObservableObject>(_ object: Object, for node: ViewNode) {
        let id = ObjectIdentifier(object)
        guard id != objectID else { return }
        cancellable?.cancel()
        objectID = id
        subscriptionCount += 1
        let pending = node.graph.pending
        // @Sendable: objects may announce changes on any thread.
        cancellable = object.objectWillChange.sink { @Sendable [weak node] _ in
            pending.invalidate(node, generation: nil)
        }
    }

    func tearDown() {
        cancellable?.cancel()
        cancellable = nil
        objectID = nil
    }
}
