import OpenCombine

/// A property wrapper type that instantiates an observable object.
///
/// The graph runs the autoclosure given to `init(wrappedValue:)` only the
/// first time the view's node mounts; later initialisations of the view with
/// new inputs have no effect on the object. A new identity (for instance
/// through `id(_:)`) makes a new instance.
@MainActor @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let makeObject: () -> ObjectType
    private var storage: StateObjectStorage<ObjectType>?

    /// Creates a new state object with an initial wrapped value.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        makeObject = thunk
    }

    /// The underlying value referenced by the state object.
    public var wrappedValue: ObjectType {
        guard let storage else {
            StandardError.write(
                "DataFlow: Accessing StateObject's object without being installed on a View. This will create a new instance each time.\n")
            return makeObject()
        }
        return storage.object
    }

    /// A projection of the state object that creates bindings to its properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }
}

extension StateObject: GraphProperty {
    mutating func link(_ linker: inout PropertyLinker) {
        let node = linker.node
        let makeObject = makeObject
        let storage = linker.storage { StateObjectStorage(object: makeObject()) }
        storage.subscription.observe(storage.object, for: node)
        self.storage = storage
    }
}

/// The object a `StateObject` made for one node, and the node's subscription to it.
@MainActor
final class StateObjectStorage<ObjectType: ObservableObject>: NodeStorage {
    let object: ObjectType
    let subscription = ObjectSubscription()

    init(object: ObjectType) {
        self.object = object
    }

    func tearDown() {
        subscription.tearDown()
    }
}
