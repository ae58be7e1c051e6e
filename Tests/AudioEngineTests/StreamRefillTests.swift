import Testing

@testable import AudioEngine

@Suite("a stream that runs dry refills for as long as its link needs")
struct StreamRefillTests {
    @Test("a link as fast as the audio, or not measured yet, holds the shortest refill")
    func hiccup() {
        for arriving in [nil, 16_000.0, 50_000.0] {
            let refill = StreamRefill(arriving: arriving, playing: 16_000)
            #expect(refill.holdSeconds == StreamRefill.shortestHold)
            #expect(refill.targetBytes == 32_000)
        }
    }

    @Test("a slower link holds enough for 30 s of audio without a break, within the bounds")
    func slowLink() {
        // 80 %: 30 s × 0.2 = 6 s held, which plays 6 / 0.2 = 30 s before it runs dry.
        let eighty = StreamRefill(arriving: 12_800, playing: 16_000)
        #expect(abs(eighty.holdSeconds - 6) < 1e-9)
        #expect(eighty.targetBytes == 96_000)
        // 95 %: 1.5 s would do, the shortest is held.
        #expect(StreamRefill(arriving: 15_200, playing: 16_000).holdSeconds == StreamRefill.shortestHold)
        // A link that brings almost nothing holds the most.
        #expect(StreamRefill(arriving: 100, playing: 16_000).holdSeconds == 30 * (1 - 100.0 / 16_000))
        #expect(StreamRefill(arriving: 0, playing: 16_000).holdSeconds <= StreamRefill.longestHold)
    }

    @Test("progress counts what is held against the target; a stream that ended is done")
    func progress() {
        let refill = StreamRefill(arriving: nil, playing: 1_000)
        #expect(refill.progress(StreamFill(held: 500, received: 9_000, ended: false)) == 0.25)
        #expect(!refill.isDone(StreamFill(held: 1_999, received: 9_000, ended: false)))
        #expect(refill.isDone(StreamFill(held: 2_000, received: 9_000, ended: false)))
        #expect(refill.isDone(StreamFill(held: 0, received: 9_000, ended: true)))
        #expect(refill.progress(StreamFill(held: 0, received: 9_000, ended: true)) == 1)
    }

    @Test("the audio's rate is the length over the duration, when both are known")
    func audioRate() {
        #expect(StreamRefill.audioRate(length: 1_920_000, seconds: 120) == 16_000)
        #expect(StreamRefill.audioRate(length: nil, seconds: 120) == nil)
        #expect(StreamRefill.audioRate(length: 1_000, seconds: nil) == nil)
    }
}
