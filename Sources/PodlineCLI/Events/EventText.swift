import Foundation

/// The human form of one event line: `state paused`, `episode-started Title`.
enum EventText {
    /// A readable line for the JSON event `line` (the line itself when it cannot be read); nil for the position,
    /// which changes four times a second and is no news to a person reading.
    static func line(_ line: [UInt8]) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
            let event = object["event"] as? String
        else { return String(decoding: line, as: UTF8.self) }
        switch event {
        case "property-change":
            if object["name"] as? String == "position" { return nil }
            return "\(object["name"] as? String ?? "?") \(describe(object["data"]))"
        case "episode-started", "episode-ended":
            let title = ((object["episode"] as? [String: Any])?["title"] as? String).map(TerminalText.safe) ?? ""
            let reason = (object["reason"] as? String).map { " (\($0))" } ?? ""
            return "\(event) \(title)\(reason)"
        case "chapter-changed":
            let chapter = object["chapter"] as? [String: Any]
            let number = (chapter?["number"] as? NSNumber).map { "\($0) " } ?? ""
            return "chapter-changed \(number)\(TerminalText.safe(chapter?["title"] as? String ?? "-"))"
        case "error":
            return "error \(TerminalText.safe(object["message"] as? String ?? ""))"
        default:
            return String(decoding: line, as: UTF8.self)
        }
    }

    private static func describe(_ value: Any?) -> String {
        switch value {
        case let string as String: return TerminalText.safe(string)
        case let number as NSNumber: return number.stringValue
        case let episode as [String: Any]: return TerminalText.safe(episode["title"] as? String ?? "")
        case let list as [Any]: return list.map { describe($0) }.joined(separator: ", ")
        default: return "-"
        }
    }
}
