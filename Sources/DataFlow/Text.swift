/// A view that displays one line of read-only text.
public struct Text: View, Equatable {
    /// The text shown.
    public let content: String

    /// Creates a text view that displays a string.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// Creates a text view that displays a string literal without localization.
    public init(verbatim content: String) {
        self.content = content
    }

    public var body: Never { bodyNeverCalled() }
}

extension Text: PrimitiveView {
    func render(node: PrimitiveNode, into lines: inout [String]) {
        lines.append(content)
    }
}
