import DataFlow
import Testing

/// A custom dynamic property built from State, recording when its update() runs.
struct Stepper: DynamicProperty {
    @State private var value = 0
    let log: EventLog
    private(set) var doubled = 0

    init(log: EventLog) {
        self.log = log
    }

    var current: Int { value }

    func increment() { value += 1 }

    mutating func update() {
        doubled = value * 2
        log.record("Stepper.update \(value)")
    }
}

/// A dynamic property containing another one: the inner one updates first.
struct OuterProperty: DynamicProperty {
    var inner: Stepper
    let log: EventLog

    mutating func update() {
        log.record("Outer.update")
    }
}

struct StepperView: View {
    var stepper: Stepper
    let log: EventLog

    init(log: EventLog) {
        stepper = Stepper(log: log)
        self.log = log
    }

    var body: some View {
        let _ = log.record("body doubled \(stepper.doubled)")
        Text("value \(stepper.current)")
        Button("step") { stepper.increment() }
    }
}

struct NestedPropertyView: View {
    var outer: OuterProperty
    let log: EventLog

    init(log: EventLog) {
        outer = OuterProperty(inner: Stepper(log: log), log: log)
        self.log = log
    }

    var body: some View {
        let _ = log.record("body")
        Text("value \(outer.inner.current)")
    }
}

struct WritesDuringBody: View {
    @State private var renders = 0
    let log: EventLog

    var body: some View {
        let _ = log.record("body \(renders)")
        let _ = renders < 1 ? (renders += 1) : ()
        Text("renders \(renders)")
    }
}

struct EndlessWriter: View {
    @State private var count = 0

    var body: some View {
        Text("count \(count)")
            .onChange(of: count, initial: true) { count += 1 }
    }
}

@MainActor
struct DynamicPropertyTests {
    @Test("DynamicProperty: 'The view gives values to these properties prior to recomputing the view's body'")
    func updateRunsBeforeBody() {
        let log = EventLog()
        let host = ViewHost(StepperView(log: log))
        host.press("step")
        #expect(log.events == ["Stepper.update 0", "body doubled 0", "Stepper.update 1", "body doubled 2"])
        #expect(host.render() == ["value 1", "[step]"])
    }

    @Test("DynamicProperty.update() runs nested properties first")
    func nestedPropertiesUpdateFirst() {
        let log = EventLog()
        _ = ViewHost(NestedPropertyView(log: log))
        #expect(log.events == ["Stepper.update 0", "Outer.update", "body"])
    }

    @Test("A state write during a body is deferred to the next update with a warning")
    func writeDuringBodyIsDeferred() {
        let log = EventLog()
        var warnings: [String] = []
        let host = ViewHost(WritesDuringBody(log: log))
        host.warningHandler = { warnings.append($0) }
        #expect(host.warnings.count == 1)
        #expect(host.warnings.first?.contains("Modifying state during view update") == true)
        #expect(log.events == ["body 0", "body 1"])
        #expect(host.render() == ["renders 1"])
        _ = warnings
    }

    @Test("Update cycles are bounded: a change handler that always changes its value does not hang")
    func updateCyclesAreBounded() {
        var warnings: [String] = []
        let host = ViewHost(EndlessWriter())
        host.warningHandler = { warnings.append($0) }
        host.maximumUpdatePasses = 10
        host.update()
        #expect(host.warnings.contains { $0.contains("Update cycle") })
        #expect(warnings.contains { $0.contains("Update cycle") })
    }
}
