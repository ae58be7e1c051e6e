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

extension Button: ControlLine {
    var line: String { "[\(label)]" }

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

extension Toggle: ControlLine {
    var line: String { "\(isOn.wrappedValue ? "[x]" : "[ ]") \(label)" }

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

extension TextField: ControlLine {
    var line: String { "\(label): \(text.wrappedValue)" }

    var control: Control? {
        .textField(label: label, text: text)
    }
}

/// A control shown as one line of text: as its text line, and as that line in a terminal (cut to the width offered).
@MainActor
protocol ControlLine: LaidOutView {
    var line: String { get }
}

extension ControlLine {
    func render(node: PrimitiveNode, into lines: inout [String]) {
        lines.append(line)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        CellSize(width: min(DisplayWidth.of(line), proposal.width ?? Int.max), height: min(1, proposal.height ?? 1))
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        canvas.put(line, at: CellPoint(x: rect.x, y: rect.y), width: rect.width, style: node.environment.textStyle)
    }
}
