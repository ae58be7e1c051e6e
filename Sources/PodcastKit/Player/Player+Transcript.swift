extension Player {
    /// How long after its end a cue still counts as heard: a short gap between cues shows the last one.
    nonisolated public static let cueLinger = 2.0

    /// The cue of the transcript being heard now; nil between cues, before the first, or without a transcript.
    public var currentCue: TranscriptCue? { Self.cue(at: position, in: transcript) }

    /// The cue of `cues` (in order of start) heard at `position`: the last to start at or before it, unless it
    /// ended more than `cueLinger` seconds before.
    nonisolated public static func cue(at position: Double, in cues: [TranscriptCue]) -> TranscriptCue? {
        var low = 0
        var high = cues.count
        while low < high {
            let middle = (low + high) / 2
            if (cues[middle].start ?? 0) <= position + 0.05 { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let cue = cues[low - 1]
        if let end = cue.end, end + cueLinger < position { return nil }
        return cue
    }

    /// A transcript found for `itemID` (kept in the library, or fetched after it started): its timed cues become
    /// the current transcript when that item still plays.
    public func offerTranscript(_ cues: [TranscriptCue], for itemID: String) {
        guard current?.id == itemID else { return }
        transcript = cues.filter { $0.start != nil }
    }
}
