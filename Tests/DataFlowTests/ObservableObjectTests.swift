import DataFlow
import Testing

// StateObject seed: MyView, MySubView, MyInitializableView.

struct MyView: View {
    @StateObject private var model = DataModel()  // Create the state object.

    var body: some View {
        Text(model.name)  // Updates when the data model changes.
        MySubView()
            .environmentObject(model)
    }
}

struct MySubView: View {
    @EnvironmentObject var model: DataModel

    var body: some View {
        Toggle("Enabled", isOn: $model.isEnabled)
    }
}

struct MyInitializableView: View {
    @StateObject private var model: DataModel

    init(name: String) {
        // SwiftUI ensures that the following initialization uses the
        // closure only once during the lifetime of the view, so
        // later changes to the view's name input have no effect.
        _model = StateObject(wrappedValue: DataModel(name: name))
    }

    var body: some View {
        VStack {
            Text("Name: \(model.name)")
            TextField("Name", text: $model.name)
        }
    }
}

struct TwoInitializableViews: View {
    var body: some View {
        VStack {
            MyInitializableView(name: "Ravi")
            MyInitializableView(name: "Maria")
        }
    }
}

struct IdentifiedInitializableView: View {
    let name: String

    var body: some View {
        MyInitializableView(name: name)
            .id(name)  // Binds the identity of the view to the name property.
    }
}

/// Counts the objects made, to check how often the autoclosure runs.
@MainActor
final class CountingFactory {
    var made = 0

    func make(name: String) -> DataModel {
        made += 1
        return DataModel(name: name)
    }
}

struct FactoryView: View {
    @StateObject private var model: DataModel

    init(name: String, factory: CountingFactory) {
        _model = StateObject(wrappedValue: factory.make(name: name))
    }

    var body: some View {
        Text(model.name)
    }
}

/// A will-change publisher that counts its subscriptions.
final class CountingPublisher: Publisher {
    typealias Output = Void
    typealias Failure = Never

    private let subject = PassthroughSubject<Void, Never>()
    private(set) var subscriptions = 0
    private(set) var active = 0

    func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subscriptions += 1
        subject
            .handleEvents(receiveSubscription: { _ in self.active += 1 }, receiveCancel: { self.active -= 1 })
            .receive(subscriber: subscriber)
    }

    func send() {
        subject.send()
    }
}

/// An object whose will-change publisher counts its subscribers.
final class CountingModel: ObservableObject {
    let objectWillChange = CountingPublisher()
    var value = 0 {
        willSet { objectWillChange.send() }
    }
}

struct ObservingView: View {
    @ObservedObject var model: CountingModel
    let log: EventLog

    var body: some View {
        let _ = log.record("ObservingView")
        Text("value \(model.value)")
    }
}

struct ObservedHolder: View {
    let model: CountingModel
    let tick: Int
    let log: EventLog

    var body: some View {
        Text("tick \(tick)")
        ObservingView(model: model, log: log)
    }
}

@MainActor
struct ObservableObjectTests {
    @Test("'When published properties of the observable object change, SwiftUI updates any view that depends on those properties'")
    func stateObjectPublishedChangeUpdates() {
        let host = ViewHost(MyView())
        #expect(host.render() == ["Some Name", "[ ] Enabled"])
        host.toggle("Enabled")
        #expect(host.render() == ["Some Name", "[x] Enabled"])
    }

    @Test("MyInitializableView: 'later changes to the view's name input have no effect'")
    func stateObjectAutoclosureRunsOnce() {
        let factory = CountingFactory()
        let host = ViewHost(FactoryView(name: "Ravi", factory: factory))
        host.rootView = FactoryView(name: "Maria", factory: factory)
        host.update()
        #expect(factory.made == 1)
        #expect(host.render() == ["Ravi"])
    }

    @Test("'you can create two views with different constant names' — each gets its own instance")
    func twoStateObjects() {
        let host = ViewHost(TwoInitializableViews())
        #expect(host.render() == ["Name: Ravi", "Name: Ravi", "Name: Maria", "Name: Maria"])
        host.type("Name", "Ravi S")
        #expect(host.render() == ["Name: Ravi S", "Name: Ravi S", "Name: Maria", "Name: Maria"])
    }

    @Test("'.id(name) // Binds the identity of the view to the name property' makes a new instance")
    func idMakesNewStateObject() {
        let host = ViewHost(IdentifiedInitializableView(name: "Ravi"))
        host.type("Name", "Edited")
        #expect(host.render().first == "Name: Edited")
        host.rootView = IdentifiedInitializableView(name: "Ravi")
        #expect(host.render().first == "Name: Edited")
        host.rootView = IdentifiedInitializableView(name: "Maria")
        #expect(host.render().first == "Name: Maria")
    }

    @Test("'$model.property' gives bindings into a state object")
    func stateObjectBindings() {
        let host = ViewHost(MyInitializableView(name: "Ravi"))
        host.type("Name", "Ravi Shankar")
        #expect(host.render() == ["Name: Ravi Shankar", "Name: Ravi Shankar"])
    }

    @Test("objectWillChange 'emits … before any of its @Published properties changes'")
    func objectWillChangeFiresBeforeChange() {
        let model = DataModel()
        var seen: [String] = []
        let cancellable = model.objectWillChange.sink { _ in seen.append(model.name) }
        model.name = "New"
        #expect(seen == ["Some Name"])
        cancellable.cancel()
    }

    @Test("ObservedObject 'invalidates a view whenever the observable object changes'")
    func observedObjectInvalidates() {
        let log = EventLog()
        let model = CountingModel()
        let host = ViewHost(ObservingView(model: model, log: log))
        model.value = 3
        #expect(host.render() == ["value 3"])
        #expect(log.count(of: "ObservingView") == 2)
    }

    @Test("ObservedObject does not own its object and re-subscribes only when the object's identity changes")
    func observedObjectResubscribesOnIdentityChange() {
        let log = EventLog()
        let first = CountingModel()
        let host = ViewHost(ObservedHolder(model: first, tick: 0, log: log))
        host.rootView = ObservedHolder(model: first, tick: 1, log: log)
        host.update()
        first.value = 1
        host.update()
        #expect(host.render() == ["tick 1", "value 1"])
        #expect(first.objectWillChange.subscriptions == 1)

        let second = CountingModel()
        host.rootView = ObservedHolder(model: second, tick: 2, log: log)
        host.update()
        #expect(first.objectWillChange.active == 0)
        #expect(second.objectWillChange.subscriptions == 1)
        #expect(second.objectWillChange.active == 1)
        let before = log.count(of: "ObservingView")
        first.value = 2
        host.update()
        #expect(log.count(of: "ObservingView") == before)
        second.value = 5
        #expect(host.render() == ["tick 2", "value 5"])
    }
}
