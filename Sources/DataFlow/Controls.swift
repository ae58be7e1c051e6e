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

extension Button: PrimitiveView {
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

extension Toggle: PrimitiveView {
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

extension TextField: PrimitiveView {
    func render(node: PrimitiveNode, into lines: inout [String]) {
        lines.append("\(label): \(text.wrappedValue)")
    }

    var control: Control? {
        .textField(label: label, text: text)
    }
}
