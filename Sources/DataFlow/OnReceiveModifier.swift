import OpenCombine

/// A view that performs an action when a publisher emits.
struct OnReceiveModifier<Content: View, P: Publisher>: View where P.Failure == Never {
    let content: Content
    let publisher: P
    let action: (P.Output) -> Void

    var body: Never { bodyNeverCalled() }
}

/// The subscription of one `onReceive` node and the newest action to call.
@MainActor
private final class ReceiveSubscription<P: Publisher>: NodeStorage where P.Failure == Never {
    var publisher: P
    var action: (P.Output) -> Void
    private var cancellable: AnyCancellable?

    init(publisher: P, action: @escaping (P.Output) -> Void) {
        self.publisher = publisher
        self.action = action
    }

    /// Subscribes; each value is delivered on the main actor in the graph's next update.
    func subscribe(reportingTo pending: PendingWork) {
        cancellable?.cancel()
        let receiver = WeakReceiver(self)
        // @Sendable: the publisher may emit on any thread; only the job runs on the main actor.
        cancellable = publisher.sink { @Sendable output in
            let output = UncheckedSendable(value: output)
            pending.enqueue {
                receiver.object?.action(output.value)
            }
        }
    }

    func tearDown() {
        cancellable?.cancel()
        cancellable = nil
    }
}

/// A weak reference to a receiver that can cross to the publisher's thread.
private final class WeakReceiver<P: Publisher>: Sendable where P.Failure == Never {
    weak let object: ReceiveSubscription<P>?

    init(_ object: ReceiveSubscription<P>) {
        self.object = object
    }
}

extension OnReceiveModifier: PrimitiveView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    func didUpdate(node: PrimitiveNode, isFirst: Bool) {
        if !isFirst, let subscription = node.modifierState as? ReceiveSubscription<P> {
            subscription.action = action
            if !ValueEquality.isIdentical(subscription.publisher, publisher) {
                subscription.publisher = publisher
                subscription.subscribe(reportingTo: node.graph.pending)
            }
            return
        }
        let subscription = ReceiveSubscription(publisher: publisher, action: action)
        node.modifierState = subscription
        subscription.subscribe(reportingTo: node.graph.pending)
    }

    func willUnmount(node: PrimitiveNode) {
        (node.modifierState as? ReceiveSubscription<P>)?.tearDown()
    }
}

extension View {
    /// Adds an action to perform when this view detects data emitted by the given publisher.
    ///
    /// The view subscribes when it appears and cancels when it disappears.
    /// It subscribes again only when it is given a different publisher, and
    /// always calls the newest `action`, on the main actor.
    public func onReceive<P: Publisher>(
        _ publisher: P,
        perform action: @escaping (P.Output) -> Void
    ) -> some View where P.Failure == Never {
        OnReceiveModifier(content: self, publisher: publisher, action: action)
    }
}
