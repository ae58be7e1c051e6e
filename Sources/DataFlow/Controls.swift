import TerminalCanvas

/// A control that initiates an action; rendered as `[label]`.
public struct Button: View {
    let label: String
    let action: () -> Void

    /// Creates a button that displays a text label.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        label = String(title)
        self.action = action
    }

    public var body: Never { bodyNeverCalled() }
}

extension Button: LaidOutView {
    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        ControlLine.size(of: "[\(label)]", proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        ControlLine.draw("[\(label)]", in: rect, node: node, canvas: &canvas)
    }

    func render(node: PrimitiveNode, into lines: inout [String]) {
        lines.append("[\(label)]")
    }

    var control: Control? {
        .button(label: label, action: action)
    }
}

/// A control that toggles between on and off states; rendered as `[x] label` or `[ ] label`.
public struct Toggle: View {
    let label: String
    let isOn: Binding<Bool>

    /// Creates a toggle that generates its label from a string.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        label = String(title)
        self.isOn = isOn
    }

    public var body: Never { bodyNeverCalled() }
}

extension Toggle: LaidOutView {
    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        ControlLine.size(of: "\(isOn.wrappedValue ? "[x]" : "[ ]") \(label)", proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        ControlLine.draw("\(isOn.wrappedValue ? "[x]" : "[ ]") \(label)", in: rect, node: node, canvas: &canvas)
    }

    func render(node: PrimitiveNode, into lines: inout [String]) {
        lines.append("\(isOn.wrappedValue ? "[x]" : "[ ]") \(label)")
    }

    var control: Control? {
        .toggle(label: label, isOn: isOn)
    }
}

/// A control that displays an editable text interface; rendered as `label: text`.
public struct TextField: View {
    let label: String
    let text: Binding<String>

    /// Creates a text field with a text label generated from a string.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        label = String(title)
        self.text = text
    }

    public var body: Never { bodyNeverCalled() }
}

extension TextField: LaidOutView {
    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        ControlLine.size(of: "\(label): \(text.wrappedValue)", proposal)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        ControlLine.draw("\(label): \(text.wrappedValue)", in: rect, node: node, canvas: &canvas)
    }

    func render(node: PrimitiveNode, into lines: inout [String]) {
        lines.append("\(label): \(text.wrappedValue)")
    }

    var control: Control? {
        .textField(label: label, text: text)
    }
}

/// The one line a control shows in a terminal.
@MainActor
enum ControlLine {
    static func size(of line: String, _ proposal: ProposedSize) -> CellSize {
        CellSize(width: min(DisplayWidth.of(line), proposal.width ?? Int.max), height: min(1, proposal.height ?? 1))
    }

    static func draw(_ line: String, in rect: CellRect, node: PrimitiveNode, canvas: inout Canvas) {
        canvas.put(line, at: CellPoint(x: rect.x, y: rect.y), width: rect.width, style: node.environment.textStyle)
    }
}
