/// The view an `if`/`else` builds: one of two branches.
///
/// The branches have different identities, so switching branches unmounts
/// the old one (and resets its state) and mounts the other.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    public var body: Never { bodyNeverCalled() }
}

extension _ConditionalContent: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        switch storage {
        case .trueContent(let content): children.append(content, key: ChildKey(true))
        case .falseContent(let content): children.append(content, key: ChildKey(false))
        }
    }
}

extension Optional: View where Wrapped: View {
    /// An optional view shows its content when there is one and nothing otherwise.
    public var body: Never { bodyNeverCalled() }
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeChildren(into children: inout ChildList) {
        if let content = self {
            children.append(content)
        }
    }
}
