/// A property wrapper type that can read and write a value managed by the view graph.
///
/// The storage belongs to the identity of the view that declares the
/// property: it is made from the initial value when the view first mounts,
/// survives the parent evaluating the view again with new inputs, and is
/// reset when the view's identity changes. A view's body is evaluated again
/// when a state value it read changes; writing an equal value changes nothing.
@MainActor @propertyWrapper
public struct State<Value>: DynamicProperty {
    private let initialValue: Value
    private var box: StateBox<Value>?

    /// Creates a state property that stores an initial wrapped value.
    public init(wrappedValue value: Value) {
        initialValue = value
    }

    /// Creates a state property that stores an initial value.
    public init(initialValue value: Value) {
        initialValue = value
    }

    /// The underlying value referenced by the state variable.
    public var wrappedValue: Value {
        get {
            box?.value ?? initialValue
        }
        nonmutating set {
            guard let box else {
                StandardError.write(
                    "DataFlow: Accessing State's value outside of being installed on a View. This will result in a constant Binding of the initial value and will not update.\n"
                )
                return
            }
            box.value = newValue
        }
    }

    /// A binding to the state value.
    public var projectedValue: Binding<Value> {
        guard let box else {
            return .constant(initialValue)
        }
        return Binding(get: { box.value }, set: { value, _ in box.value = value })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates a state property without an initial value.
    public init() {
        initialValue = nil
    }
}

extension State: GraphProperty {
    mutating func link(_ linker: inout PropertyLinker) {
        let graph = linker.node.graph
        let initialValue = initialValue
        box = linker.storage { StateBox(initialValue, graph: graph) }
    }
}
