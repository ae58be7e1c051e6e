import Observation
import Synchronization

/// The anchor of the single-write figure: Swift's own Observation doing the same work (a write, the change fired,
/// tracking set up again around the same body: the row's line made from the value), measured in the same process.
@Observation.Observable
@MainActor
final class AnchorCell {
    var value = 0
    /// The row's number, as the row view holds it (a constant: not observed).
    let index: Int

    init(index: Int) {
        self.index = index
    }
}

/// How many changes fired (from any thread).
final class FiredCount: Sendable {
    let count = Atomic<Int>(0)
}

/// One write to an `@Observable` property that one tracking read, the change fired, and the tracking set up again
/// around what the benchmark's row view evaluates (`CellRow`'s line).
@MainActor
func measureObservationAnchor(iterations: Int, into figures: inout DataFlowFigures) {
    let fired = FiredCount()
    // Row 0, from a value the compiler does not know, as a row view's index is.
    let cell = AnchorCell(index: fired.count.load(ordering: .relaxed))
    var lines = 0
    func track() {
        var line = ""
        withObservationTracking {
            line = "row \(cell.index): \(cell.value)"
        } onChange: {
            fired.count.add(1, ordering: .relaxed)
        }
        lines &+= line.utf8.count
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
        "withObservationTracking anchor:      \(Measurements.micros(elapsed / Double(iterations))) per write, \(fired.count.load(ordering: .relaxed)) changes fired, \(lines) bytes of lines; DataFlow / anchor \(String(format: "%.2f", ratio))"
    )
}
