/// Several views built from one block, mounted side by side in order.
///
/// Each child's identity is its position in the block.
public struct TupleView<each Content: View>: View {
    /// The views of the block, in order.
    public var value: (repeat each Content)

    /// Creates a tuple view from the views of a block.
    public init(_ value: repeat each Content) {
        self.value = (repeat each value)
    }

    public var body: Never { bodyNeverCalled() }
}

extension TupleView: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        for child in repeat each value {
            children.append(child)
        }
    }
}
