import PodcastKit
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// Which cues `transcript --follow` prints as the heard position moves.
@Suite("cue follower")
struct CueFollowerTests {
    static let cues = [0.5, 3, 6, 9].map { TranscriptCue(start: $0, end: $0 + 2, text: "at \($0)") }

    @Test("each cue once as the position reaches it; a start in the middle begins with the cue being heard")
    func inOrder() {
        var follower = CueFollower(cues: Self.cues)
        #expect(follower.heard(0).map(\.text).isEmpty)
        #expect(follower.heard(0.5).map(\.text) == ["at 0.5"])
        #expect(follower.heard(1.0).isEmpty)
        #expect(follower.heard(3.25).map(\.text) == ["at 3.0"])
        #expect(follower.heard(6.0).map(\.text) == ["at 6.0"])
        var late = CueFollower(cues: Self.cues)
        #expect(late.heard(7).map(\.text) == ["at 6.0"])
    }

    @Test("a seek back starts again from the cue heard; a jump ahead skips what was not heard; untimed cues are ignored")
    func jumps() {
        var follower = CueFollower(cues: Self.cues + [TranscriptCue(text: "untimed")])
        _ = follower.heard(6.5)
        #expect(follower.heard(1).map(\.text) == ["at 0.5"])
        #expect(follower.heard(3.1).map(\.text) == ["at 3.0"])
        #expect(follower.heard(9.5).map(\.text) == ["at 9.0"])
        #expect(follower.heard(30).isEmpty)
    }
}
