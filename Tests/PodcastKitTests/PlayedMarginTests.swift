import Testing

@testable import PodcastKit

@Suite("an episode counts as played within played_margin of its end")
struct PlayedMarginTests {
    @Test("stopped with 24 s left of 120 s and a margin of 30: played; with 25 s left: not; 30 s from the end of 600 s: played")
    func withinTheMargin() {
        #expect(PlayedMargin.reached(96, length: 120, margin: 30))
        #expect(!PlayedMargin.reached(95, length: 120, margin: 30))
        #expect(PlayedMargin.reached(570, length: 600, margin: 30))
        #expect(!PlayedMargin.reached(569, length: 600, margin: 30))
    }

    @Test("the margin is at most a fifth of the episode: 12 s into 20 s, or 43 s into 60 s, is not played")
    func shortEpisode() {
        #expect(!PlayedMargin.reached(12, length: 20, margin: 30))
        #expect(!PlayedMargin.reached(15, length: 20, margin: 30))
        #expect(PlayedMargin.reached(16, length: 20, margin: 30))
        #expect(!PlayedMargin.reached(43, length: 60, margin: 30))
        #expect(PlayedMargin.reached(48, length: 60, margin: 30))
    }

    @Test("a margin of 0 needs the end; an unknown length never counts")
    func edges() {
        #expect(!PlayedMargin.reached(119.9, length: 120, margin: 0))
        #expect(PlayedMargin.reached(120, length: 120, margin: 0))
        #expect(!PlayedMargin.reached(50, length: 0, margin: 30))
    }
}
