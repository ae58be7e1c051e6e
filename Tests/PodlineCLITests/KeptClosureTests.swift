import Foundation
import Synchronization
import Testing

@testable import PodlineApp

/// Closures kept for other threads to call stay one call away however often they are read.
@Suite("closures kept for other threads")
struct KeptClosureTests {
    @Test("the local player's activity sink, read 1,000 times, calls through in as many frames as when first set")
    func sinkReadOften() {
        let activity = LocalActivity()
        let depths = Mutex<[Int]>([])
        activity.sink = { _ in depths.withLock { $0.append(Self.stackDepth()) } }
        let calledFrom = Self.stackDepth()
        activity.sink?(.feedUpdated(show: "a-show", newEpisodes: 1))
        for _ in 0..<1_000 { _ = activity.sink }
        activity.sink?(.feedUpdated(show: "a-show", newEpisodes: 2))
        let seen = depths.withLock { $0 }
        try? #require(seen.count == 2)
        // A read that wrapped the closure again would add two frames each time: 2,000 here.
        #expect(seen[1] == seen[0], "frames from the call into the sink: \(seen.map { $0 - calledFrom })")
    }

    /// How many frames the calling thread's stack holds.
    private static func stackDepth() -> Int {
        Thread.callStackReturnAddresses.count
    }
}
