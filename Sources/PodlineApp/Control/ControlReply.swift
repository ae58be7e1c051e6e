import PodcastKit

/// The reply lines of the protocol: `{"request_id":7,"error":"success","data":…}`.
package enum ControlReply {
    /// A success reply.
    package static func success(_ requestID: JSONValue, data: JSONValue) -> [UInt8] {
        line(requestID, [("error", .string("success")), ("data", data)])
    }

    /// An error reply with one of the fixed error strings and a readable message.
    package static func failure(_ requestID: JSONValue, error: String, message: String) -> [UInt8] {
        line(requestID, [("error", .string(error)), ("message", .string(message))])
    }

    private static func line(_ requestID: JSONValue, _ members: [(String, JSONValue)]) -> [UInt8] {
        var all = members
        if requestID != .null { all.insert(("request_id", requestID), at: 0) }
        var bytes = JSONValue.object(all).renderedBytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
