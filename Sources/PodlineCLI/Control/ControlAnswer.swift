import Foundation

/// A reply read from the player: the error string, the message and the data as its JSON text.
public struct ControlAnswer: Sendable {
    public var requestID: Int?
    /// `success`, or one of the fixed error strings.
    public var error: String
    public var message: String?
    /// The `data` member's JSON text, exactly as the player wrote it (null when absent).
    public var dataText: String
    /// The `data` member decoded.
    public var data: (any Sendable)?

    /// True when the command succeeded.
    public var succeeded: Bool { error == "success" }

    /// Reads one reply line.
    init(line: [UInt8]) throws(ControlError) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
              let error = object["error"] as? String else {
            throw .badReply(String(decoding: line.prefix(200), as: UTF8.self))
        }
        requestID = (object["request_id"] as? NSNumber)?.intValue
        self.error = error
        message = object["message"] as? String
        data = Self.sendable(object["data"])
        dataText = Self.rawData(line) ?? "null"
    }

    /// The text after `"data":` in a reply the server wrote with `data` as its last member.
    private static func rawData(_ line: [UInt8]) -> String? {
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: ",\"data\":"), text.hasSuffix("}") else { return nil }
        return String(text[range.upperBound..<text.index(before: text.endIndex)])
    }

    private static func sendable(_ value: Any?) -> (any Sendable)? {
        switch value {
        case let dictionary as [String: Any]: return dictionary.mapValues { sendable($0) } as [String: (any Sendable)?]
        case let array as [Any]: return array.map { sendable($0) } as [(any Sendable)?]
        case let string as String: return string
        case let number as NSNumber: return number.doubleValue
        default: return nil
        }
    }
}
