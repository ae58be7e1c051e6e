import PodcastKit

/// Which cues of a timed transcript to print as the heard position moves: each cue once, when the position
/// reaches it; a jump back (a seek, `back`) starts again from the cue heard then, a jump ahead skips what was
/// not heard.
package struct CueFollower {
    package let cues: [TranscriptCue]
    /// The index of the next cue to print.
    private var next = 0
    /// The last position seen.
    private var last: Double?

    package init(cues: [TranscriptCue]) {
        self.cues = cues.filter { $0.start != nil }
    }

    /// The cues to print now that the heard position is `position` seconds.
    package mutating func heard(_ position: Double) -> ArraySlice<TranscriptCue> {
        defer { last = position }
        let current = cues.lastIndex { $0.start! <= position + 0.05 }
        if let last {
            if position < last - 0.5 {
                next = current ?? 0  // back: again from the cue being heard
            } else if position > last + 5, let current {
                next = max(next, current)  // ahead: skip what was not heard
            }
        } else {
            next = current ?? 0  // the start: from the cue being heard
        }
        guard let current, current >= next else { return [] }
        defer { next = current + 1 }
        return cues[next...current]
    }
}
