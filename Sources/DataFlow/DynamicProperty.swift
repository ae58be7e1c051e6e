/// An interface for a stored variable that updates an external property of a view.
///
/// The view gives values to these properties prior to recomputing the view's
/// `body`: before each evaluation the host links every dynamic property of
/// the view to the storage of the view's node, then calls `update()` on it,
/// nested properties first.
@MainActor @preconcurrency
public protocol DynamicProperty {
    /// Updates the underlying value of the stored value.
    mutating func update()
}

extension DynamicProperty {
    /// Does nothing; override to refresh derived values before each body.
    public mutating func update() {}
}

/// A dynamic property the graph links to node storage itself.
@MainActor
protocol GraphProperty: DynamicProperty {
    /// Connects the property to its storage in the node behind `linker`.
    mutating func link(_ linker: inout PropertyLinker)
}

extension GraphProperty {
    static func link(at address: UnsafeMutableRawPointer, _ linker: inout PropertyLinker) {
        address.assumingMemoryBound(to: Self.self).pointee.link(&linker)
    }
}

extension DynamicProperty {
    static func runUpdate(at address: UnsafeMutableRawPointer) {
        address.assumingMemoryBound(to: Self.self).pointee.update()
    }
}
