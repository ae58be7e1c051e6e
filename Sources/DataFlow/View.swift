/// A piece of text user interface whose content is described by its `body`.
///
/// Conform a structure to `View` and describe its content in `body`, which is
/// a ``ViewBuilder``: `if`/`else`, optionals and ``ForEach`` work inside it.
/// A ``ViewHost`` mounts a view, keeps the storage of its dynamic properties
/// (``State``, ``StateObject`` and the others) for as long as the view keeps
/// its identity, and evaluates `body` again when something it read changes.
@MainActor @preconcurrency
public protocol View {
    /// The type of view representing the body of this view.
    associatedtype Body: View

    /// The content of this view.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// Never called: `Never` is the body type of the primitive views.
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// Primitive views draw themselves and have no body.
    func bodyNeverCalled() -> Never {
        fatalError("\(Self.self) is a primitive view and has no body")
    }
}
