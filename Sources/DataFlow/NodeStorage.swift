/// Storage a view node keeps for one dynamic property, released when the node unmounts.
@MainActor
protocol NodeStorage: AnyObject {
    /// Cancels subscriptions and other resources held for the node.
    func tearDown()
}

extension NodeStorage {
    func tearDown() {}
}
