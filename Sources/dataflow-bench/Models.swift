import DataFlow

/// One observed value; each row of the benchmark graph reads its own.
@Observable
final class Cell {
    var value = 0
}

/// A row whose body reads one cell.
struct CellRow: View {
    let index: Int
    let cell: Cell
    let counter: EvaluationCounter

    var body: some View {
        let _ = counter.count += 1
        Text("row \(index): \(cell.value)")
    }
}

/// A graph of rows, one per cell.
struct CellGrid: View {
    let cells: [Cell]
    let counter: EvaluationCounter

    var body: some View {
        VStack {
            ForEach(cells.indices, id: \.self) { index in
                CellRow(index: index, cell: cells[index], counter: counter)
            }
        }
    }
}

/// A view that keeps a counter in State, read by its body.
struct StateCounter: View {
    let counter: EvaluationCounter
    @State private var count = 0

    var body: some View {
        let _ = counter.count += 1
        Button("count \(count)") { count += 1 }
    }
}

/// Counts body evaluations, to check that one write re-evaluates one node.
@MainActor
final class EvaluationCounter {
    var count = 0
}

/// A parent whose body reads a clock and hands two rows an unrelated cell:
/// one row gets the same input on every tick, the other gets the tick too,
/// so it is evaluated again while its own observation scope is still live.
struct TickingParent: View {
    let clock: Cell
    let cell: Cell
    let counter: EvaluationCounter
    let tickedCounter: EvaluationCounter

    var body: some View {
        Text("tick \(clock.value)")
        CellRow(index: 0, cell: cell, counter: counter)
        CellRow(index: clock.value, cell: cell, counter: tickedCounter)
    }
}
