import DataFlow
import Testing

struct ReceiverView: View {
    let publisher: PassthroughSubject<Int, Never>
    let prefix: String
    let log: EventLog

    var body: some View {
        Text(prefix)
            .onReceive(publisher) { value in
                MainActor.assertIsolated()
                log.record("\(prefix) \(value)")
            }
    }
}

struct OptionalReceiver: View {
    let isShown: Bool
    let publisher: PassthroughSubject<Int, Never>
    let log: EventLog

    var body: some View {
        if isShown {
            ReceiverView(publisher: publisher, prefix: "shown", log: log)
        }
    }
}

/// A publisher that counts how often it is subscribed to.
final class SubscribeCounter: Publisher {
    typealias Output = Int
    typealias Failure = Never

    let subject = PassthroughSubject<Int, Never>()
    private(set) var subscribed = 0

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscribed += 1
        subject.receive(subscriber: subscriber)
    }
}

struct CountedReceiver: View {
    let publisher: SubscribeCounter
    let tick: Int
    let log: EventLog

    var body: some View {
        Text("tick \(tick)")
            .onReceive(publisher) { value in log.record("tick \(tick) got \(value)") }
    }
}

struct PublishedNameView: View {
    @ObservedObject var model: DataModel
    let log: EventLog

    var body: some View {
        Text("static")
            .onReceive(model.$name) { name in log.record("name \(name)") }
    }
}

@MainActor
struct OnReceiveTests {
    @Test("onReceive of a @Published projection: the current value on appear, then each new value, one subscription")
    func receivesPublishedValues() {
        let log = EventLog()
        let model = DataModel()
        let host = ViewHost(PublishedNameView(model: model, log: log))
        #expect(log.events == ["name Some Name"])
        model.name = "Ravi"
        host.update()
        model.name = "Maria"
        host.update()
        #expect(log.events == ["name Some Name", "name Ravi", "name Maria"])
    }

    @Test("onReceive 'Adds an action to perform when this view detects data emitted by the given publisher', on the main actor")
    func receivesValues() {
        let log = EventLog()
        let subject = PassthroughSubject<Int, Never>()
        let host = ViewHost(ReceiverView(publisher: subject, prefix: "got", log: log))
        subject.send(1)
        subject.send(2)
        host.update()
        #expect(log.events == ["got 1", "got 2"])
    }

    @Test("onReceive delivers values sent from another thread on the main actor")
    func deliversOnMainActorFromAnotherThread() async {
        let log = EventLog()
        let subject = PassthroughSubject<Int, Never>()
        let host = ViewHost(ReceiverView(publisher: subject, prefix: "got", log: log))
        let sendable = UncheckedBox(subject)
        await Task.detached { sendable.value.send(7) }.value
        host.update()
        #expect(log.events == ["got 7"])
    }

    @Test("onReceive re-subscribes only when the publisher changes and always calls the newest closure")
    func resubscribesOnlyForNewPublisher() {
        let log = EventLog()
        let publisher = SubscribeCounter()
        let host = ViewHost(CountedReceiver(publisher: publisher, tick: 0, log: log))
        host.rootView = CountedReceiver(publisher: publisher, tick: 1, log: log)
        host.update()
        #expect(publisher.subscribed == 1)
        publisher.subject.send(9)
        host.update()
        #expect(log.events == ["tick 1 got 9"])

        let other = SubscribeCounter()
        host.rootView = CountedReceiver(publisher: other, tick: 2, log: log)
        host.update()
        #expect(other.subscribed == 1)
        publisher.subject.send(10)
        other.subject.send(11)
        host.update()
        #expect(log.events == ["tick 1 got 9", "tick 2 got 11"])
    }

    @Test("onReceive is cancelled on disappear")
    func cancelledOnDisappear() {
        let log = EventLog()
        let subject = PassthroughSubject<Int, Never>()
        let host = ViewHost(OptionalReceiver(isShown: true, publisher: subject, log: log))
        subject.send(1)
        host.rootView = OptionalReceiver(isShown: false, publisher: subject, log: log)
        host.update()
        subject.send(2)
        host.update()
        #expect(log.events == ["shown 1"])
    }
}

/// Lets a test hand a non-Sendable value to another thread on purpose.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
