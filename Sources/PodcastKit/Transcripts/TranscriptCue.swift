/// One piece of a transcript: what was said, by whom, and when (seconds from the start of the episode). HTML
/// and plain-text transcripts have no times.
public struct TranscriptCue: Sendable, Equatable {
    public var start: Double?
    public var end: Double?
    /// Who speaks, when the transcript says.
    public var speaker: String?
    public var text: String

    public init(start: Double? = nil, end: Double? = nil, speaker: String? = nil, text: String) {
        self.start = start
        self.end = end
        self.speaker = speaker
        self.text = text
    }
}

/// The transcript formats of `<podcast:transcript type="…">`, in the order they are preferred.
public enum TranscriptFormat: String, Sendable, CaseIterable, Comparable {
    case json = "application/json"
    case vtt = "text/vtt"
    case srt = "application/x-subrip"
    case html = "text/html"
    case plain = "text/plain"

    /// The format a `type` attribute names (parameters such as `; charset=…` ignored); nil for another type.
    public init?(mimeType: String) {
        let bare = mimeType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch bare {
        case "application/json", "application/json+transcript", "text/json": self = .json
        case "text/vtt", "text/webvtt": self = .vtt
        case "application/x-subrip", "application/srt", "text/srt", "text/x-srt": self = .srt
        case "text/html", "application/xhtml+xml": self = .html
        case "text/plain": self = .plain
        default: return nil
        }
    }

    /// True when the format gives each cue a time.
    public var isTimed: Bool { self == .json || self == .vtt || self == .srt }

    public static func < (lhs: TranscriptFormat, rhs: TranscriptFormat) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Why a transcript could not be read.
public struct TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
