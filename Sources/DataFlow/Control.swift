/// What a user can do to a control found by its label.
@MainActor
enum Control {
    /// A button: pressing runs the action.
    case button(label: String, action: () -> Void)
    /// A toggle: toggling flips the bound value.
    case toggle(label: String, isOn: Binding<Bool>)
    /// A text field: typing replaces the bound text.
    case textField(label: String, text: Binding<String>)

    /// The label the control is found by.
    var label: String {
        switch self {
        case .button(let label, _), .toggle(let label, _), .textField(let label, _):
            return label
        }
    }
}
