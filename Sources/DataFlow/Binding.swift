/// A property wrapper type that can read and write a value owned by a source of truth.
///
/// A binding has no storage of its own: it reads and writes through to a
/// `State`, a property of an object, or whatever its closures reach. Its
/// transaction (see `animation(_:)`) is applied to every write made through it.
@MainActor @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    /// The binding's transaction.
    public var transaction: Transaction

    private let getValue: () -> Value
    private let setValue: (Value, Transaction) -> Void

    /// Creates a binding with closures that read and write the binding value.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        transaction = Transaction()
        getValue = get
        setValue = { value, _ in set(value) }
    }

    /// Creates a binding with a closure that reads from the binding value, and
    /// a closure that applies a transaction when writing to the binding value.
    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        transaction = Transaction()
        getValue = get
        setValue = set
    }

    /// Creates a binding from the value of another binding.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// Creates a binding with an immutable value.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The underlying value referenced by the binding variable.
    public var wrappedValue: Value {
        get {
            getValue()
        }
        nonmutating set {
            if transaction.isPlain {
                setValue(newValue, Transaction.current)
            } else {
                withTransaction(transaction) {
                    setValue(newValue, transaction)
                }
            }
        }
    }

    /// A projection of the binding value that returns a binding.
    public var projectedValue: Binding<Value> {
        self
    }

    /// Returns a binding to the resulting value of a given key path.
    ///
    /// Writing to it writes the whole changed value back through this binding.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        var projected = Binding<Subject>(
            get: { self.getValue()[keyPath: keyPath] },
            set: { subject, transaction in
                var value = self.getValue()
                value[keyPath: keyPath] = subject
                self.setValue(value, transaction)
            }
        )
        projected.transaction = transaction
        return projected
    }

    /// Writes through to the source with an explicit transaction.
    func write(_ value: Value, transaction: Transaction) {
        setValue(value, transaction)
    }

    /// Reads the source without going through the property wrapper.
    func read() -> Value {
        getValue()
    }

    /// Specifies a transaction for the binding.
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        var binding = self
        binding.transaction = transaction
        return binding
    }

    /// Specifies an animation to perform when the binding value changes.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        var binding = self
        binding.transaction.animation = animation
        return binding
    }
}

extension Binding: DynamicProperty {}

extension Binding: @MainActor Identifiable where Value: Identifiable {
    /// The stable identity of the entity associated with this instance,
    /// corresponding to the `id` of the binding's wrapped value.
    public var id: Value.ID {
        wrappedValue.id
    }
}
