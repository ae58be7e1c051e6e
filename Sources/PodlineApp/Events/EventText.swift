import PodcastKit

/// The human form of one event line: `state paused`, `episode-started Title`.
package enum EventText {
    /// A readable line for the JSON event `line` (the line itself when it cannot be read); nil for the position,
    /// which changes four times a second and is no news to a person reading.
    package static func line(_ line: [UInt8]) -> String? {
        guard let event = PlayerEvent(line: line) else { return String(decoding: line, as: UTF8.self) }
        switch event {
        case .propertyChange("position", _):
            return nil
        case .propertyChange(let name, let data):
            return "\(name) \(describe(data))"
        case .episodeStarted(let episode):
            return "episode-started \(TerminalText.safe(episode.title))"
        case .episodeEnded(let episode, let reason):
            return "episode-ended \(TerminalText.safe(episode.title)) (\(reason.rawValue))"
        case .chapterChanged(let chapter):
            let number = chapter.map { "\($0.number) " } ?? ""
            return "chapter-changed \(number)\(TerminalText.safe(chapter?.title ?? "-"))"
        case .chapterSkipped(let title, let from, let to):
            return "chapter-skipped \(TerminalText.safe(title ?? "-")) (\(span(from, to)))"
        case .insertedSkipped(let from, let to):
            return "inserted-skipped (\(span(from, to)))"
        case .phraseSkipped(let phrase, let from, let to):
            return "phrase-skipped \(TerminalText.safe(phrase)) (\(span(from, to)))"
        case .error(let message):
            return "error \(TerminalText.safe(message))"
        case .downloadProgress, .feedUpdated:
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// `1:02–1:30`, or `1:02–the end`.
    private static func span(_ from: Double, _ to: Double?) -> String {
        "\(TerminalOutput.duration(from))–\(to.map { TerminalOutput.duration($0) } ?? "the end")"
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): return TerminalText.safe(string)
        case .int(let number): return String(number)
        case .double(let number): return "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .object: return TerminalText.safe(value["title"]?.stringValue ?? "")
        case .array(let list): return list.map(describe).joined(separator: ", ")
        case .null: return "-"
        }
    }
}
