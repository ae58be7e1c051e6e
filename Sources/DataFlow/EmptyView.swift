/// A view that doesn't contain any content.
public struct EmptyView: View {
    /// Creates an empty view.
    public init() {}

    public var body: Never { bodyNeverCalled() }
}

extension EmptyView: PrimitiveView {}
