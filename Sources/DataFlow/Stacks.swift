/// A view that arranges its children in a vertical line: their lines, in order.
public struct VStack<Content: View>: View {
    let content: Content

    /// Creates a vertical stack of the views built by `content`.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { bodyNeverCalled() }
}

extension VStack: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }
}

/// A view that arranges its children in a horizontal line.
///
/// A terminal host lists the children's lines, in order, as `VStack` does.
public struct HStack<Content: View>: View {
    let content: Content

    /// Creates a horizontal stack of the views built by `content`.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { bodyNeverCalled() }
}

extension HStack: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }
}

/// A type that collects multiple views into one, without changing how they render.
public struct Group<Content: View>: View {
    let content: Content

    /// Creates a group of the views built by `content`.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { bodyNeverCalled() }
}

extension Group: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }
}
