/// WebVTT (`text/vtt`) cues: after the `WEBVTT` header, blocks separated by blank lines; a cue block has an
/// optional identifier, a timing line (optional hours, `.` milliseconds, cue settings after the end), then its
/// text with voice spans (`<v Sarah>`), other tags and entities. NOTE, STYLE and REGION blocks are skipped.
enum WebVTTParser {
    static func parse(_ text: String) -> [TranscriptCue] {
        var cues: [TranscriptCue] = []
        var block: [Substring] = []
        func finish() {
            defer { block = [] }
            guard let first = block.first else { return }
            if first.hasPrefix("WEBVTT") || first.hasPrefix("NOTE") || first.hasPrefix("STYLE") || first.hasPrefix("REGION") {
                return
            }
            guard let timingIndex = block.prefix(2).firstIndex(where: { CueTime.range($0) != nil }),
                let timing = CueTime.range(block[timingIndex])
            else { return }
            let (speaker, said) = CueText.plain(Array(block[(timingIndex + 1)...]))
            if !said.isEmpty { cues.append(TranscriptCue(start: timing.start, end: timing.end, speaker: speaker, text: said)) }
        }
        // "\r\n" is one Character, a newline like "\n" and "\r": each line ends at any of them.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy({ $0.isWhitespace }) {
                finish()
            } else if CueTime.range(line) != nil, !block.isEmpty, block.count >= 2 || CueTime.range(block[0]) != nil {
                // A timing line right after a cue's text: the previous cue was not ended by a blank line.
                finish()
                block.append(line)
            } else {
                block.append(line)
            }
        }
        finish()
        return cues
    }
}
