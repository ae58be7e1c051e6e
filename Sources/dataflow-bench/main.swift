import DataFlow
import Playback

// Measures the update path of DataFlow's view graph. Run with:
//   swift run -c release dataflow-bench [--json] [--single N | --mount]
// (podline-bench runs it with --json and reports the figures beside the others.)

/// The figures `--json` prints, one object.
struct DataFlowFigures {
    var singleWriteMicroseconds = 0.0
    var observationAnchorMicroseconds = 0.0
    var pressMicroseconds = 0.0
    var graphUpdateMedianMicroseconds = 0.0
    var graphUpdateP99Microseconds = 0.0
    var mountMilliseconds = 0.0
    var writesRSSChangeKilobytes = 0.0
    var parentWritesRSSChangeKilobytes = 0.0
    var singleUpdateRSSChangeKilobytes = 0.0
    var coordinatorPositionMicroseconds = 0.0
    var coordinatorVolumeMicroseconds = 0.0

    /// The figures as one JSON object (every value a finite number).
    var json: String {
        let fields: [(String, Double)] = [
            ("singleWriteMicroseconds", singleWriteMicroseconds),
            ("observationAnchorMicroseconds", observationAnchorMicroseconds), ("pressMicroseconds", pressMicroseconds),
            ("graphUpdateMedianMicroseconds", graphUpdateMedianMicroseconds), ("graphUpdateP99Microseconds", graphUpdateP99Microseconds),
            ("mountMilliseconds", mountMilliseconds), ("writesRSSChangeKilobytes", writesRSSChangeKilobytes),
            ("parentWritesRSSChangeKilobytes", parentWritesRSSChangeKilobytes),
            ("singleUpdateRSSChangeKilobytes", singleUpdateRSSChangeKilobytes),
            ("coordinatorPositionMicroseconds", coordinatorPositionMicroseconds),
            ("coordinatorVolumeMicroseconds", coordinatorVolumeMicroseconds),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1.isFinite ? $0.1 : 0)" }.joined(separator: ",") + "}"
    }
}

/// Prints a line of the text report (nothing with --json, which prints the figures at the end).
@MainActor
func say(_ line: String) {
    if !jsonOutput { print(line) }
}

/// One write to a model property read by one view, then update(): the
/// whole cost of getting that one view re-evaluated.
@MainActor
func measureSingleWrite(iterations: Int, presses: Bool = true, into figures: inout DataFlowFigures) {
    let counter = EvaluationCounter()
    let cell = Cell()
    let host = ViewHost(CellRow(index: 0, cell: cell, counter: counter))
    for _ in 0..<1_000 {
        cell.value += 1
        host.update()
    }
    counter.count = 0
    let start = Measurements.now()
    for _ in 0..<iterations {
        cell.value += 1
        host.update()
    }
    let elapsed = Double(Measurements.now() - start)
    figures.singleWriteMicroseconds = elapsed / Double(iterations) / 1000
    say(
        "single write + update (Observable):  \(Measurements.micros(elapsed / Double(iterations))) per write, \(counter.count) bodies for \(iterations) writes  (goal: ≤ 1.5× the anchor below)"
    )
    guard presses else { return }

    let stateCounter = EvaluationCounter()
    let stateHost = ViewHost(StateCounter(counter: stateCounter))
    var label = "count 0"
    stateCounter.count = 0
    let stateStart = Measurements.now()
    for index in 0..<iterations {
        stateHost.press(label)
        label = "count \(index + 1)"
    }
    let stateElapsed = Double(Measurements.now() - stateStart)
    figures.pressMicroseconds = stateElapsed / Double(iterations) / 1000
    say(
        "button press → State write + update: \(Measurements.micros(stateElapsed / Double(iterations))) per press, \(stateCounter.count) bodies for \(iterations) presses"
    )
}

/// A graph of `size` rows; one write invalidates one row; only update() is timed.
@MainActor
func measureLargeGraph(size: Int, samples: Int, into figures: inout DataFlowFigures) {
    let counter = EvaluationCounter()
    let cells = (0..<size).map { _ in Cell() }
    let mountStart = Measurements.now()
    let host = ViewHost(CellGrid(cells: cells, counter: counter))
    let mountElapsed = Double(Measurements.now() - mountStart)
    figures.mountMilliseconds = mountElapsed / 1e6
    say("mount \(size) rows:                  \(Measurements.micros(mountElapsed))")

    var generator = SplitMix(seed: 42)
    var timings: [UInt64] = []
    timings.reserveCapacity(samples)
    counter.count = 0
    for _ in 0..<samples {
        let cell = cells[Int(generator.next() % UInt64(size))]
        cell.value += 1
        let start = Measurements.now()
        host.update()
        timings.append(Measurements.now() - start)
    }
    timings.sort()
    let mean = Double(timings.reduce(0, +)) / Double(timings.count)
    figures.graphUpdateMedianMicroseconds = Double(Measurements.percentile(timings, 0.5)) / 1000
    figures.graphUpdateP99Microseconds = Double(Measurements.percentile(timings, 0.99)) / 1000
    say(
        "update() after one write in \(size) rows: median \(Measurements.micros(Double(Measurements.percentile(timings, 0.5)))), mean \(Measurements.micros(mean)), p99 \(Measurements.micros(Double(Measurements.percentile(timings, 0.99)))), \(counter.count) bodies for \(samples) writes  (goal: ≤ 2× one write above)"
    )
}

/// A million writes, each followed by update(): resident memory must stay flat.
@MainActor
func measureMemory(writes: Int, into figures: inout DataFlowFigures) {
    let counter = EvaluationCounter()
    let cells = (0..<100).map { _ in Cell() }
    let host = ViewHost(CellGrid(cells: cells, counter: counter))
    for index in 0..<10_000 {
        cells[index % cells.count].value += 1
        host.update()
    }
    let before = Measurements.residentKilobytes()
    for index in 0..<writes {
        cells[index % cells.count].value += 1
        host.update()
    }
    let middle = Measurements.residentKilobytes()
    for _ in 0..<writes {
        cells[0].value += 1
    }
    host.update()
    let after = Measurements.residentKilobytes()
    let clock = Cell()
    let parentCounter = EvaluationCounter()
    let tickedCounter = EvaluationCounter()
    let parentHost = ViewHost(TickingParent(clock: clock, cell: Cell(), counter: parentCounter, tickedCounter: tickedCounter))
    let parentBefore = Measurements.residentKilobytes()
    parentCounter.count = 0
    tickedCounter.count = 0
    for _ in 0..<writes {
        clock.value += 1
        parentHost.update()
    }
    let parentAfter = Measurements.residentKilobytes()
    figures.parentWritesRSSChangeKilobytes = Double(parentAfter - parentBefore)
    figures.writesRSSChangeKilobytes = Double(middle - before)
    figures.singleUpdateRSSChangeKilobytes = Double(after - middle)
    say(
        "\(writes) parent writes with update(): RSS \(parentBefore) kB before, \(parentAfter) kB after (\(parentAfter - parentBefore) kB change); child with unchanged input evaluated \(parentCounter.count) times, child with new input \(tickedCounter.count) times"
    )
    say("\(writes) writes with update():        RSS \(before) kB before, \(middle) kB after (\(middle - before) kB change)")
    say("\(writes) writes, one update() at end: RSS \(middle) kB before, \(after) kB after (\(after - middle) kB change)")
}

/// A small deterministic random number generator, so runs are comparable.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

let jsonOutput = CommandLine.arguments.dropFirst().contains("--json")
/// With `--single N`, only the single write (no button presses) and its anchor, N times each, for a profiler; else every
/// figure.
let singleOnly = CommandLine.arguments.firstIndex(of: "--single").flatMap { index in
    CommandLine.arguments.dropFirst(index + 1).first.flatMap { Int($0) }
}
/// With `--mount`, only the mount of 10,000 rows and the updates among them, for a profiler.
let mountOnly = CommandLine.arguments.contains("--mount")
var figures = DataFlowFigures()
if mountOnly {
    measureLargeGraph(size: 10_000, samples: 2_000, into: &figures)
} else {
    // The single write and its anchor alternate for three rounds, and the fastest round of each counts: noise on a busy
    // machine only ever adds time, and alternating gives both sides the same minutes.
    var single = Double.infinity
    var anchor = Double.infinity
    for round in 0..<3 {
        measureSingleWrite(iterations: singleOnly ?? 200_000, presses: round == 0 && singleOnly == nil, into: &figures)
        measureObservationAnchor(iterations: singleOnly ?? 200_000, into: &figures)
        single = min(single, figures.singleWriteMicroseconds)
        anchor = min(anchor, figures.observationAnchorMicroseconds)
    }
    figures.singleWriteMicroseconds = single
    figures.observationAnchorMicroseconds = anchor
    say(
        "fastest of 3 rounds: single write \(Measurements.micros(single * 1000)), anchor \(Measurements.micros(anchor * 1000)); DataFlow / anchor \(String(format: "%.2f", single / anchor))"
    )
    if singleOnly == nil {
        measureLargeGraph(size: 10_000, samples: 20_000, into: &figures)
        measureMemory(writes: 1_000_000, into: &figures)
        let coordinator = CoordinatorProbe.nanosecondsPerChange()
        figures.coordinatorPositionMicroseconds = coordinator.position / 1000
        figures.coordinatorVolumeMicroseconds = coordinator.volume / 1000
        say(
            "playback coordinator: position report + update \(Measurements.micros(coordinator.position)), volume change + update \(Measurements.micros(coordinator.volume))"
        )
    }
}
if jsonOutput {
    print(figures.json)
}
