import Foundation
import PodcastKit

/// One request read from a socket line: mpv's JSON envelope or a plain command line.
package struct ControlRequest: Sendable {
    /// Echoed in the reply; null for plain lines and envelopes without one.
    package var requestID: JSONValue
    /// The command's words (empty for a notice).
    package var words: [String]
    /// A library command's progress for the player to re-broadcast; it gets no reply.
    package var notice: ActivityNotice?
    /// When the client stops waiting (seconds since 1970, the envelope's `expires`): a request read later (the player
    /// was stopped meanwhile) is not run, as its client already said it failed.
    package var expires: Double?

    /// True when the client gave up on this request before it was read.
    package var expired: Bool { expires.map { Date().timeIntervalSince1970 > $0 } ?? false }

    /// The error of a line that is not text (not UTF-8): its client is sending something other than commands.
    package static let notText = "invalid utf-8"

    /// Reads `bytes` (one line without its newline); nil for a blank line.
    package static func parse(_ bytes: [UInt8]) -> Result<ControlRequest, ControlReplyError>? {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(ControlReplyError(requestID: .null, error: notText, message: "the line is not valid UTF-8"))
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.hasPrefix("{") else {
            do {
                let words = try Tokenizer.words(trimmed)
                return words.isEmpty ? nil : .success(ControlRequest(requestID: .null, words: words))
            } catch {
                return .failure(ControlReplyError(requestID: .null, error: error.replyError, message: error.message))
            }
        }
        return envelope(Data(bytes))
    }

    private static func envelope(_ data: Data) -> Result<ControlRequest, ControlReplyError> {
        guard let object = JSONValue(parsing: data), case .object = object else {
            return .failure(ControlReplyError(requestID: .null, error: "invalid json", message: "the line is not a JSON object"))
        }
        let requestID = Self.requestID(object["request_id"])
        if let member = object["notify"] {
            guard let notice = ActivityNotice.parse(member) else {
                return .failure(
                    ControlReplyError(
                        requestID: requestID, error: "invalid parameter",
                        message: "the notice is not download-progress, feed-updated or feed-failed"))
            }
            return .success(ControlRequest(requestID: requestID, words: [], notice: notice))
        }
        let words: [String]
        switch object["command"] {
        case .array(let list)?:
            guard let converted = try? list.map(word) else {
                return .failure(
                    ControlReplyError(
                        requestID: requestID, error: "invalid parameter",
                        message: "command words must be strings or numbers"))
            }
            words = converted
        case .string(let line)?:
            guard let split = try? Tokenizer.words(line) else {
                return .failure(ControlReplyError(requestID: requestID, error: "invalid parameter", message: "unterminated quote"))
            }
            words = split
        default:
            return .failure(
                ControlReplyError(
                    requestID: requestID, error: "invalid parameter",
                    message: "the request has no \"command\" array"))
        }
        guard !words.isEmpty else {
            return .failure(ControlReplyError(requestID: requestID, error: "invalid parameter", message: "the command is empty"))
        }
        let expires = object["expires"]?.doubleValue
        return .success(ControlRequest(requestID: requestID, words: words, expires: expires))
    }

    private struct NotAWord: Error {}

    /// A command word: a string, or a number as its text.
    private static func word(_ value: JSONValue) throws -> String {
        switch value {
        case .string(let string): return string
        case .int(let number): return String(number)
        case .double(let number): return "\(number)"
        default: throw NotAWord()
        }
    }

    /// The request id to echo: a string or a number, else null.
    private static func requestID(_ value: JSONValue?) -> JSONValue {
        switch value {
        case .string(let text)?: return .string(text)
        case .int(let number)?: return .int(number)
        case .double(let number)?: return .number(number)
        default: return .null
        }
    }
}

/// A request that failed before it reached a command, with what to reply.
package struct ControlReplyError: Error, Sendable {
    package var requestID: JSONValue
    package var error: String
    package var message: String
}
