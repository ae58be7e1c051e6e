/// HTML (`text/html`) and plain-text transcripts, which carry no timing of their own: a cue a paragraph, a
/// `<cite>` naming its speaker and a `<time>` its start when present; for plain text a cue a line, a leading
/// `Name:` its speaker.
enum HTMLTranscriptParser {
    static func parse(_ html: String) -> [TranscriptCue] {
        guard let document = HTMLDocument(html) else { return [] }
        var cues: [TranscriptCue] = []
        var speaker: String?
        var time: Double?
        var text = ""
        var inside: [String] = []
        let skipped: Set<String> = ["script", "style", "head", "title", "noscript"]
        func flush() {
            let said = CueText.collapsed(text)
            if !said.isEmpty {
                if speaker == nil, let (named, rest) = CueText.leadingName(said) {
                    cues.append(TranscriptCue(start: time, speaker: named, text: rest))
                } else {
                    cues.append(TranscriptCue(start: time, speaker: speaker, text: said))
                }
            }
            text = ""
            speaker = nil
            time = nil
        }
        document.walk { event in
            switch event {
            case .start(let name, _):
                if ["p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"].contains(name) { flush() }
                if skipped.contains(name) { return false }
                if name == "cite" || name == "time" { inside.append(name) }
            case .text(let content):
                if inside.last == "cite" {
                    let name = CueText.collapsed(content).trimmingCharacters(in: [":", " "])
                    if !name.isEmpty { speaker = name }
                } else if inside.last == "time" {
                    time = CueTime.seconds(Substring(CueText.collapsed(content))) ?? time
                } else {
                    text += content
                }
            case .end(let name):
                if let last = inside.lastIndex(of: name) { inside.remove(at: last) }
                if ["p", "div", "li", "tr"].contains(name) { flush() }
            }
            return true
        }
        flush()
        return cues
    }

    /// Plain text: each non-empty line a cue.
    static func plain(_ text: String) -> [TranscriptCue] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let said = CueText.collapsed(String(line))
            guard !said.isEmpty else { return nil }
            if let (name, rest) = CueText.leadingName(said) { return TranscriptCue(speaker: name, text: rest) }
            return TranscriptCue(text: said)
        }
    }
}
