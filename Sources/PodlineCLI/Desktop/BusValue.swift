import PodlineApp

/// A D-Bus value as the MPRIS properties need them, appended to a message by `SessionBus`.
indirect enum BusValue: Equatable, Sendable {
    case bool(Bool)
    case string(String)
    case double(Double)
    case int64(Int64)
    case objectPath(String)
    case strings([String])
    /// `a{sv}`: names and variants, in order.
    case dictionary([(String, BusValue)])

    /// The value's D-Bus type signature.
    var signature: String {
        switch self {
        case .bool: "b"
        case .string: "s"
        case .double: "d"
        case .int64: "x"
        case .objectPath: "o"
        case .strings: "as"
        case .dictionary: "a{sv}"
        }
    }

    static func == (lhs: BusValue, rhs: BusValue) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)), (.objectPath(let a), .objectPath(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.int64(let a), .int64(let b)): a == b
        case (.strings(let a), .strings(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }
}
