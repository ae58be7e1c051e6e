import Testing

@testable import PodcastKit

@Suite("an episode counts as played within played_margin of its end")
struct PlayedMarginTests {
    @Test("stopped with 24 s left of 120 s and a margin of 30: played; with 31 s left: not")
    func withinTheMargin() {
        #expect(PlayedMargin.reached(96, length: 120, margin: 30))
        #expect(PlayedMargin.reached(90, length: 120, margin: 30))
        #expect(!PlayedMargin.reached(89, length: 120, margin: 30))
    }

    @Test("the margin is at most half the episode: a 40 s episode stopped at 10 s is not played")
    func shortEpisode() {
        #expect(!PlayedMargin.reached(10, length: 40, margin: 30))
        #expect(PlayedMargin.reached(20, length: 40, margin: 30))
    }

    @Test("a margin of 0 needs the end; an unknown length never counts")
    func edges() {
        #expect(!PlayedMargin.reached(119.9, length: 120, margin: 0))
        #expect(PlayedMargin.reached(120, length: 120, margin: 0))
        #expect(!PlayedMargin.reached(50, length: 0, margin: 30))
    }
}
