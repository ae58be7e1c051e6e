/// SubRip (`application/x-subrip`) cues: an optional number, a timing line `00:00:00,179 --> 00:00:02,399`, then
/// text lines up to a blank line. Lenient as players are: a missing number, `.` for `,`, a cue left
/// unterminated at the end, and text lines that are not cues are passed over.
enum SubRipParser {
    static func parse(_ text: String) -> [TranscriptCue] {
        var cues: [TranscriptCue] = []
        var timing: (start: Double, end: Double)?
        var lines: [Substring] = []
        func finish() {
            if let timing {
                let (speaker, said) = CueText.plain(lines)
                if !said.isEmpty { cues.append(TranscriptCue(start: timing.start, end: timing.end, speaker: speaker, text: said)) }
            }
            timing = nil
            lines = []
        }
        // "\r\n" is one Character, a newline like "\n" and "\r": each line ends at any of them.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if let range = CueTime.range(line) {
                finish()
                timing = range
            } else if line.allSatisfy({ $0.isWhitespace }) {
                finish()
            } else if timing != nil {
                lines.append(line)
            }
        }
        finish()
        return cues
    }
}
