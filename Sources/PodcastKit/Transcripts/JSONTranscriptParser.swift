import Foundation

/// Podcasting 2.0 JSON transcripts: `{"version", "segments": [{"speaker"?, "startTime", "endTime", "body"}]}`,
/// often one word a segment. Every segment is kept with its time (so that search lands on the word);
/// `sentences` joins them for reading.
enum JSONTranscriptParser {
    static func parse(_ bytes: [UInt8]) throws(TranscriptError) -> [TranscriptCue] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw TranscriptError("not valid JSON")
        }
        guard let root = object as? [String: Any], let segments = root["segments"] as? [Any] else {
            throw TranscriptError("a JSON transcript without a \"segments\" list")
        }
        var cues: [TranscriptCue] = []
        for entry in segments {
            guard let fields = entry as? [String: Any], let body = fields["body"] as? String else { continue }
            let text = CueText.collapsed(body)
            guard !text.isEmpty else { continue }
            let speaker = (fields["speaker"] as? String).map(CueText.collapsed).flatMap { $0.isEmpty ? nil : $0 }
            cues.append(TranscriptCue(start: seconds(fields["startTime"]), end: seconds(fields["endTime"]), speaker: speaker, text: text))
        }
        return cues
    }

    /// A finite time in seconds, or nil.
    private static func seconds(_ value: Any?) -> Double? {
        JSONSeconds.from(value).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Word-by-word cues joined into sentences for display: a cue ends at sentence punctuation, a change of
    /// speaker, a pause over 1.5 s, or about 200 characters.
    static func sentences(_ cues: [TranscriptCue]) -> [TranscriptCue] {
        var joined: [TranscriptCue] = []
        var current: TranscriptCue?
        for cue in cues {
            if var open = current {
                let pause = (cue.start ?? 0) - (open.end ?? open.start ?? 0)
                let ends = open.text.last.map { ".!?…".contains($0) } ?? false
                if cue.speaker == open.speaker, pause <= 1.5, !ends, open.text.count < 200 {
                    open.text += " " + cue.text
                    open.end = cue.end ?? open.end
                    current = open
                    continue
                }
                joined.append(open)
            }
            current = cue
        }
        if let current { joined.append(current) }
        return joined
    }
}
