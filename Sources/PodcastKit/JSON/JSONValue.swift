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
        String(decoding: renderedBytes, as: UTF8.self)
    }

    /// The compact JSON text as UTF-8.
    public var renderedBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64 * 1024)
        render(into: &output)
        return output
    }

    /// Appends the compact JSON text to `output`.
    public func render(into output: inout [UInt8]) {
        switch self {
        case .null: Self.append("null", to: &output)
        case .bool(let value): Self.append(value ? "true" : "false", to: &output)
        case .int(let value): Self.append(value, to: &output)
        case .double(let value): output += Array("\(value)".utf8)
        case .string(let value): Self.escape(value, into: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.render(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.escape(member.0, into: &output)
                output.append(UInt8(ascii: ":"))
                member.1.render(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `value` without making a string of them.
    private static func append(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, written from the end
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: buffer[index...])
        }
    }

    /// True when one of the eight bytes in `word` may need escaping: below 0x20, `"`, `\\`, or non-ASCII.
    @inline(__always)
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & high != 0 }
        let belowSpace = (word &- ones &* 0x20) & ~word & high != 0
        return word & high != 0 || belowSpace || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
    }

    /// Appends `string` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// and U+2028/U+2029, which break JavaScript parsers.
    private static func escape(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var copy = string
        copy.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            func flush(to end: Int) {
                if end > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
            }
            let raw = UnsafeRawBufferPointer(bytes)
            while index < bytes.count {
                // Skip eight plain bytes at a time: none below 0x20, no quote, no backslash, none at or above 0x80.
                while index + 8 <= bytes.count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if Self.hasSpecialByte(word) { break }
                    index += 8
                }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0xE2 {
                    index += 1  // the common case: copied as it is
                    continue
                }
                var escaped: StaticString?
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): escaped = "\\\""
                case UInt8(ascii: "\\"): escaped = "\\\\"
                case UInt8(ascii: "\n"): escaped = "\\n"
                case UInt8(ascii: "\r"): escaped = "\\r"
                case UInt8(ascii: "\t"): escaped = "\\t"
                case 0..<0x20:
                    flush(to: index)
                    let hex = Array(String(byte, radix: 16).utf8)
                    output += Array("\\u00".utf8) + (hex.count == 1 ? [UInt8(ascii: "0")] : []) + hex
                    index += 1
                    runStart = index
                    continue
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escaped = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default:
                    break
                }
                if let escaped {
                    flush(to: index)
                    output.append(contentsOf: UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
                    index += width
                    runStart = index
                } else {
                    index += 1
                }
            }
            flush(to: index)
        }
        output.append(UInt8(ascii: "\""))
    }
}
