/// A JSON value whose objects keep their keys in the order they were written, with explicit nulls.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered == rhs.rendered }

    /// A string value, or null.
    public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// An integer value, or null.
    public static func int(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
    /// An integer value, or null.
    public static func int(_ value: Int64?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    /// A number, written as an integer when it is whole, or null.
    public static func number(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 9e15 { return .int(Int64(value)) }
        return .double(value)
    }

    /// The compact JSON text.
    public var rendered: String {
        var output = ""
        render(into: &output)
        return output
    }

    /// Appends the compact JSON text to `output`.
    public func render(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += "\(value)"
        case .string(let value): Self.escape(value, into: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.render(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.escape(member.0, into: &output)
                output += ":"
                member.1.render(into: &output)
            }
            output += "}"
        }
    }

    private static func escape(_ string: String, into output: inout String) {
        output += "\""
        var pending = Substring.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": flush(&pending, &output); output += "\\\""
            case "\\": flush(&pending, &output); output += "\\\\"
            case "\n": flush(&pending, &output); output += "\\n"
            case "\r": flush(&pending, &output); output += "\\r"
            case "\t": flush(&pending, &output); output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                flush(&pending, &output)
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: pending.append(scalar)
            }
        }
        flush(&pending, &output)
        output += "\""
    }

    private static func flush(_ pending: inout Substring.UnicodeScalarView, _ output: inout String) {
        guard !pending.isEmpty else { return }
        output += String(pending)
        pending = Substring.UnicodeScalarView()
    }
}
