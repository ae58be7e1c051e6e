import PodcastKit

/// Drives the transcript reader (format sniffing, text decoding, the SubRip, WebVTT, JSON, HTML and plain
/// parsers) and checks what it returns: timed cues in order with finite times and no end before its start,
/// no empty text; errors are one line.
enum TranscriptProbe {
    static func run(_ bytes: [UInt8]) {
        let transcript: ParsedTranscript
        do {
            transcript = try TranscriptReader.read(bytes)
        } catch {
            Finding.check(!error.reason.isEmpty && !error.reason.contains("\n"), "a transcript error is not one line: \(error.reason)")
            return
        }
        Finding.check(!transcript.cues.isEmpty, "a transcript read without cues")
        for cue in transcript.cues {
            Finding.check(!cue.text.isEmpty, "a cue without text")
            if let start = cue.start {
                Finding.check(start.isFinite && start >= 0, "a cue starts at \(start)")
                if let end = cue.end { Finding.check(end.isFinite && end >= start, "a cue ends before it starts") }
            } else {
                Finding.check(!transcript.format.isTimed, "a \(transcript.format.name) cue without a time")
            }
        }
        if transcript.format.isTimed {
            let starts = transcript.cues.compactMap(\.start)
            Finding.check(starts == starts.sorted(), "the cues are out of order")
        }
    }
}
