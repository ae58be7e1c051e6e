import Observation
import Synchronization

/// The anchor of the single-write figure: Swift's own Observation doing the same work (a write, the change fired,
/// tracking set up again), measured in the same process.
@Observation.Observable
final class AnchorCell {
    var value = 0
}

/// How many changes fired (from any thread).
final class FiredCount: Sendable {
    let count = Atomic<Int>(0)
}

/// One write to an `@Observable` property that one tracking read, the change fired, and the tracking set up again.
@MainActor
func measureObservationAnchor(iterations: Int, into figures: inout DataFlowFigures) {
    let cell = AnchorCell()
    let fired = FiredCount()
    func track() {
        withObservationTracking {
            _ = cell.value
        } onChange: {
            fired.count.add(1, ordering: .relaxed)
        }
    }
    track()
    for _ in 0..<1_000 {
        cell.value += 1
        track()
    }
    let start = Measurements.now()
    for _ in 0..<iterations {
        cell.value += 1
        track()
    }
    let elapsed = Double(Measurements.now() - start)
    figures.observationAnchorMicroseconds = elapsed / Double(iterations) / 1000
    let ratio = figures.singleWriteMicroseconds / max(figures.observationAnchorMicroseconds, 1e-9)
    say(
        "withObservationTracking anchor:      \(Measurements.micros(elapsed / Double(iterations))) per write, \(fired.count.load(ordering: .relaxed)) changes fired; DataFlow / anchor \(String(format: "%.2f", ratio))"
    )
}
