import DataFlow
import Testing

struct Counter: View {
    let label: String
    let log: EventLog
    @State private var count = 0

    var body: some View {
        let _ = log.record("Counter \(label)")
        Button("\(label) \(count)") { count += 1 }
    }
}

struct CounterList: View {
    let labels: [String]
    let log: EventLog

    var body: some View {
        VStack {
            ForEach(labels, id: \.self) { label in
                Counter(label: label, log: log)
            }
        }
    }
}

struct SwitchingCounter: View {
    let useFirst: Bool
    let log: EventLog

    var body: some View {
        if useFirst {
            Counter(label: "first", log: log)
        } else {
            Counter(label: "second", log: log)
        }
    }
}

struct IdentifiedCounter: View {
    let identity: Int
    let log: EventLog

    var body: some View {
        Counter(label: "c", log: log).id(identity)
    }
}

struct StateReader: View {
    let log: EventLog
    @State private var shown = 0
    @State private var hidden = 0

    var body: some View {
        let _ = log.record("StateReader")
        VStack {
            Text("shown \(shown)")
            Button("shown+") { shown += 1 }
            Button("hidden+") { hidden += 1 }
            Button("same") { shown = shown }
        }
    }
}

struct OptionalStateView: View {
    @State private var name: String?

    var body: some View {
        Text(name ?? "none")
        Button("set") { name = "set" }
    }
}

struct InitialValueView: View {
    @State private var value: Int

    init(start: Int) {
        _value = State(initialValue: start)
    }

    init(wrapped start: Int) {
        _value = State(wrappedValue: start)
    }

    var body: some View {
        Text("value \(value)")
        Button("inc") { value += 1 }
    }
}

struct ObjectInStateView: View {
    @State private var model = DataModel()
    let log: EventLog

    var body: some View {
        let _ = log.record("ObjectInStateView")
        Text(model.name)
        Button("rename") { model.name = "Renamed" }
        Button("replace") { model = DataModel(name: "Replaced") }
    }
}

@MainActor
struct StateTests {
    @Test("'the view will only update when the reference to the object changes' for an ObservableObject stored in State")
    func observableObjectInStateUpdatesOnlyOnNewReference() {
        let log = EventLog()
        let host = ViewHost(ObjectInStateView(log: log))
        host.press("rename")
        #expect(log.count(of: "ObjectInStateView") == 1)
        host.press("replace")
        #expect(log.count(of: "ObjectInStateView") == 2)
        #expect(host.render().first == "Replaced")
    }

    @Test("'SwiftUI manages the property's storage': it survives the parent re-evaluating the view with new inputs")
    func storageSurvivesNewInputs() {
        let log = EventLog()
        let host = ViewHost(CounterList(labels: ["a", "b"], log: log))
        host.press("a 0")
        host.press("a 1")
        host.rootView = CounterList(labels: ["a", "b"], log: log)
        #expect(host.render() == ["[a 2]", "[b 0]"])
    }

    @Test("ForEach identity: state follows its element when the data is reordered")
    func stateFollowsElementIdentity() {
        let log = EventLog()
        let host = ViewHost(CounterList(labels: ["a", "b"], log: log))
        host.press("b 0")
        host.rootView = CounterList(labels: ["b", "a"], log: log)
        #expect(host.render() == ["[b 1]", "[a 0]"])
    }

    @Test("'changing the identity resets all state held by the view': a different branch is a new view")
    func branchChangeResetsState() {
        let log = EventLog()
        let host = ViewHost(SwitchingCounter(useFirst: true, log: log))
        host.press("first 0")
        #expect(host.render() == ["[first 1]"])
        host.rootView = SwitchingCounter(useFirst: false, log: log)
        #expect(host.render() == ["[second 0]"])
        host.rootView = SwitchingCounter(useFirst: true, log: log)
        #expect(host.render() == ["[first 0]"])
    }

    @Test("'changing the identity resets all state held by the view': .id(value) with a new value")
    func idChangeResetsState() {
        let log = EventLog()
        let host = ViewHost(IdentifiedCounter(identity: 1, log: log))
        host.press("c 0")
        host.rootView = IdentifiedCounter(identity: 1, log: log)
        #expect(host.render() == ["[c 1]"])
        host.rootView = IdentifiedCounter(identity: 2, log: log)
        #expect(host.render() == ["[c 0]"])
    }

    @Test("'SwiftUI updates the subview … only when the subview's body reads the property': unread state does not re-evaluate")
    func unreadStateDoesNotInvalidate() {
        let log = EventLog()
        let host = ViewHost(StateReader(log: log))
        #expect(log.count(of: "StateReader") == 1)
        host.press("hidden+")
        #expect(log.count(of: "StateReader") == 1)
        host.press("shown+")
        #expect(log.count(of: "StateReader") == 2)
        #expect(host.render().first == "shown 1")
    }

    @Test("Writing an equal value to state invalidates nothing")
    func equalWriteInvalidatesNothing() {
        let log = EventLog()
        let host = ViewHost(StateReader(log: log))
        host.press("same")
        #expect(log.count(of: "StateReader") == 1)
        #expect(host.needsUpdate == false)
    }

    @Test("init() — 'Creates a state property without an initial value' (for optionals)")
    func optionalStateStartsNil() {
        let host = ViewHost(OptionalStateView())
        #expect(host.render() == ["none", "[set]"])
        host.press("set")
        #expect(host.render() == ["set", "[set]"])
    }

    @Test("init(initialValue:) — 'Creates a state property that stores an initial value'; later inputs don't reset it")
    func initialValueIsUsedOnce() {
        let host = ViewHost(InitialValueView(start: 10))
        #expect(host.render() == ["value 10", "[inc]"])
        host.press("inc")
        host.rootView = InitialValueView(start: 50)
        #expect(host.render() == ["value 11", "[inc]"])
    }

    @Test("init(wrappedValue:) — 'Creates a state property that stores an initial wrapped value'")
    func wrappedValueInitializer() {
        let host = ViewHost(InitialValueView(wrapped: 3))
        host.press("inc")
        host.rootView = InitialValueView(wrapped: 30)
        #expect(host.render() == ["value 4", "[inc]"])
    }

    @Test("projectedValue — '$x is a Binding to the storage': writes through the binding reach the state")
    func projectedValueWritesStorage() {
        let host = ViewHost(PlayerView(episode: Episode(id: 1, title: "T", showTitle: "S")))
        host.press("Play")
        #expect(host.render() == ["T", "[Pause]"])
    }
}
