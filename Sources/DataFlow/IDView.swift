/// A view whose identity is bound to an explicit value.
///
/// When the value changes, the content is a different view: its node and
/// all its state are replaced.
struct IDView<Content: View, ID: Hashable>: View {
    let content: Content
    let id: ID

    var body: Never { bodyNeverCalled() }
}

extension IDView: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content, key: ChildKey(id))
    }
}

extension View {
    /// Binds a view's identity to the given proxy value.
    ///
    /// When the proxy value specified by the `id` parameter changes, the
    /// identity of the view — for example, its state — is reset.
    public func id<ID: Hashable>(_ id: ID) -> some View {
        IDView(content: self, id: id)
    }
}
