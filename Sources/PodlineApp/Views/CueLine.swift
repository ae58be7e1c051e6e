import PodcastKit

/// How a transcript cue is printed: by `transcript`, `search` and under the now-playing line.
package enum CueLine {
    /// `[mm:ss] Speaker: text` (`[h:mm:ss]` past the hour; no time for untimed cues).
    package static func line(_ cue: TranscriptCue) -> String {
        var line = ""
        if let start = cue.start { line = "[\(clock(start))] " }
        if let speaker = cue.speaker { line += TerminalText.safe(speaker) + ": " }
        return line + TerminalText.safe(cue.text)
    }

    /// One cue as JSON: start, end, speaker, text.
    package static func json(_ cue: TranscriptCue) -> JSONValue {
        .object([
            ("start", .number(cue.start)), ("end", .number(cue.end)), ("speaker", .string(cue.speaker)), ("text", .string(cue.text)),
        ])
    }

    /// `mm:ss`, or `h:mm:ss` from an hour on.
    package static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(two(minutes)):\(two(rest))"
    }
}
