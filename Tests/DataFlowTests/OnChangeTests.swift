import DataFlow
import Testing

struct ChangeWatcher: View {
    let value: Int
    let initial: Bool
    let log: EventLog

    var body: some View {
        let _ = log.record("body \(value)")
        Text("value \(value)")
            .onChange(of: value, initial: initial) { oldValue, newValue in
                log.record("change \(oldValue) \(newValue)")
            }
    }
}

struct ZeroArgumentWatcher: View {
    let value: String
    let log: EventLog

    var body: some View {
        Text(value)
            .onChange(of: value) {
                log.record("changed to \(value)")
            }
    }
}

struct StatefulWatcher: View {
    let log: EventLog
    @State private var count = 0

    var body: some View {
        VStack {
            Text("count \(count)")
            Button("inc") { count += 1 }
        }
        .onChange(of: count) { oldValue, newValue in
            log.record("change \(oldValue) \(newValue)")
        }
    }
}

struct IdentifiedWatcher: View {
    let value: Int
    let identity: Int
    let log: EventLog

    var body: some View {
        ChangeWatcher(value: value, initial: false, log: log).id(identity)
    }
}

struct EnvironmentWatcher: View {
    @Environment(\.showName) private var showName
    let log: EventLog

    var body: some View {
        Text(showName)
            .onChange(of: showName) { oldValue, newValue in
                log.record("\(oldValue) -> \(newValue)")
            }
    }
}

@MainActor
struct OnChangeTests {
    @Test("'use onChange to trigger a side effect as the result of a value changing, such as an Environment key'")
    func environmentKeyChange() {
        let log = EventLog()
        let host = ViewHost(EnvironmentWatcher(log: log).environment(\.showName, "A"))
        host.rootView = EnvironmentWatcher(log: log).environment(\.showName, "B")
        host.update()
        #expect(log.events == ["A -> B"])
    }

    @Test("onChange(of:initial:) with initial true and writes 1, 2 records (0,0), (0,1), (1,2)")
    func initialThenChanges() {
        let log = EventLog()
        let host = ViewHost(ChangeWatcher(value: 0, initial: true, log: log))
        host.rootView = ChangeWatcher(value: 1, initial: true, log: log)
        host.update()
        host.rootView = ChangeWatcher(value: 2, initial: true, log: log)
        host.update()
        #expect(log.events.filter { $0.hasPrefix("change") } == ["change 0 0", "change 0 1", "change 1 2"])
    }

    @Test("onChange compares with ==: an equal value runs nothing")
    func equalValueRunsNothing() {
        let log = EventLog()
        let host = ViewHost(ChangeWatcher(value: 4, initial: false, log: log))
        host.rootView = ChangeWatcher(value: 4, initial: false, log: log)
        host.update()
        #expect(log.events.filter { $0.hasPrefix("change") }.isEmpty)
    }

    @Test("onChange runs after the update that changed the value, never inside body")
    func runsAfterTheUpdate() {
        let log = EventLog()
        let host = ViewHost(ChangeWatcher(value: 0, initial: false, log: log))
        host.rootView = ChangeWatcher(value: 1, initial: false, log: log)
        host.update()
        #expect(log.events == ["body 0", "body 1", "change 0 1"])
    }

    @Test("'When the value changes, the new version of the closure will be called'")
    func newestClosureIsCalled() {
        let log = EventLog()
        let host = ViewHost(ZeroArgumentWatcher(value: "a", log: log))
        host.rootView = ZeroArgumentWatcher(value: "b", log: log)
        host.update()
        #expect(log.events == ["changed to b"])
    }

    @Test("onChange sees a state change made by a button")
    func stateChangeTriggersOnChange() {
        let log = EventLog()
        let host = ViewHost(StatefulWatcher(log: log))
        host.press("inc")
        host.press("inc")
        #expect(log.events == ["change 0 1", "change 1 2"])
    }

    @Test("The onChange baseline resets on identity change")
    func baselineResetsOnIdentityChange() {
        let log = EventLog()
        let host = ViewHost(IdentifiedWatcher(value: 0, identity: 1, log: log))
        host.rootView = IdentifiedWatcher(value: 5, identity: 2, log: log)
        host.update()
        #expect(log.events.filter { $0.hasPrefix("change") }.isEmpty)
        host.rootView = IdentifiedWatcher(value: 6, identity: 2, log: log)
        host.update()
        #expect(log.events.filter { $0.hasPrefix("change") } == ["change 5 6"])
    }
}
