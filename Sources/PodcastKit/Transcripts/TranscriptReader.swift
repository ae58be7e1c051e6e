import Foundation

/// A transcript's cues and the format they were read as.
public struct ParsedTranscript: Sendable, Equatable {
    public var format: TranscriptFormat
    /// In order of their starts (as written when untimed).
    public var cues: [TranscriptCue]
}

/// Reads a transcript in any `podcast:transcript` format, trusting the content over the declared type: JSON,
/// WebVTT, SubRip, HTML and plain text are told apart by their first bytes. Text that is not UTF-8 is read as
/// Windows-1252. Cues out of order are put in order; an end before its start is taken as the start.
public enum TranscriptReader {
    /// The largest transcript read; a bigger one is refused unread.
    public static let sizeCap = 20 * 1024 * 1024

    public static func read(_ bytes: [UInt8], declared: TranscriptFormat? = nil) throws(TranscriptError) -> ParsedTranscript {
        guard bytes.count <= sizeCap else { throw TranscriptError("the transcript is larger than \(sizeCap / 1024 / 1024) MB") }
        let text = decoded(bytes)
        let format = sniff(text) ?? declared ?? .plain
        var cues: [TranscriptCue]
        switch format {
        case .json: cues = try JSONTranscriptParser.parse(Array(text.utf8))
        case .vtt: cues = WebVTTParser.parse(text)
        case .srt: cues = SubRipParser.parse(text)
        case .html: cues = HTMLTranscriptParser.parse(text)
        case .plain: cues = HTMLTranscriptParser.plain(text)
        }
        if format.isTimed {
            cues = cues.filter { $0.start != nil }
            guard !cues.isEmpty else { throw TranscriptError("no timed cue in the \(format.name) transcript") }
            cues = cues.enumerated().sorted { ($0.element.start!, $0.offset) < ($1.element.start!, $1.offset) }.map(\.element)
            for index in cues.indices where cues[index].end.map({ $0 < cues[index].start! }) ?? false {
                cues[index].end = cues[index].start
            }
        }
        guard !cues.isEmpty else { throw TranscriptError("the transcript is empty") }
        return ParsedTranscript(format: format, cues: cues)
    }

    /// UTF-8 text without a byte order mark; Windows-1252 when the bytes are not UTF-8.
    static func decoded(_ bytes: [UInt8]) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        return String(decoding: TextDecoding.windows1252(body), as: UTF8.self)
    }

    /// The format the text itself shows, or nil when it shows none (plain text, or too little to tell).
    static func sniff(_ text: String) -> TranscriptFormat? {
        let start = text.drop(while: { $0.isWhitespace })
        if start.hasPrefix("WEBVTT") { return .vtt }
        if start.hasPrefix("{") { return .json }
        if start.hasPrefix("<") { return .html }
        let opening = start.prefix(2_000).split(whereSeparator: \.isNewline).prefix(6)
        if opening.contains(where: { CueTime.range($0) != nil }) { return .srt }
        return nil
    }
}

extension TranscriptFormat {
    /// A short name for messages: JSON, WebVTT, SubRip, HTML, plain text.
    public var name: String {
        switch self {
        case .json: "JSON"
        case .vtt: "WebVTT"
        case .srt: "SubRip"
        case .html: "HTML"
        case .plain: "plain-text"
        }
    }
}
