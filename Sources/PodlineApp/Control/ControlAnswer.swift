import Foundation
import PodcastKit

/// A reply read from the player: the error string, the message and the data as its JSON text.
public struct ControlAnswer: Sendable {
    public var requestID: Int?
    /// `success`, or one of the fixed error strings.
    public var error: String
    public var message: String?
    /// The `data` member's JSON text, exactly as the player wrote it (null when absent).
    public var dataText: String
    /// The `data` member read as the typed result `type` (on demand: `status --json` only needs its text); nil when it
    /// is not one.
    public func data<Result: Decodable>(as type: Result.Type) -> Result? {
        try? JSONDecoder().decode(type, from: Data(dataText.utf8))
    }

    /// True when the command succeeded.
    public var succeeded: Bool { error == "success" }

    /// Reads one reply line.
    package init(line: [UInt8]) throws(ControlError) {
        if let quick = Self.success(line) {
            (requestID, error, message, dataText) = (quick.requestID, "success", nil, quick.data)
            return
        }
        guard let object = JSONValue(parsing: line), let error = object["error"]?.stringValue else {
            throw .badReply(String(decoding: line.prefix(200), as: UTF8.self))
        }
        requestID = object["request_id"]?.int64Value.flatMap(Int.init(exactly:))
        self.error = error
        message = object["message"]?.stringValue
        dataText = Self.rawData(line) ?? "null"
    }

    /// A success reply in the exact shape the player writes (`{"request_id":N,"error":"success","data":…}`),
    /// read without a JSON parser; nil for any other line.
    private static func success(_ line: [UInt8]) -> (requestID: Int, data: String)? {
        let head = Array(#"{"request_id":"#.utf8)
        let middle = Array(#","error":"success","data":"#.utf8)
        guard line.starts(with: head), line.last == UInt8(ascii: "}") else { return nil }
        var index = head.count
        var requestID = 0
        while index < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index]), requestID < 1 << 40 {
            requestID = requestID * 10 + Int(line[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard index > head.count, line[index...].starts(with: middle) else { return nil }
        return (requestID, String(decoding: line[(index + middle.count)..<(line.count - 1)], as: UTF8.self))
    }

    /// The text after `"data":` in a reply the server wrote with `data` as its last member.
    private static func rawData(_ line: [UInt8]) -> String? {
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: ",\"data\":"), text.hasSuffix("}") else { return nil }
        return String(text[range.upperBound..<text.index(before: text.endIndex)])
    }
}
