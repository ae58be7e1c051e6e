extension Binding {
    /// Creates a binding by projecting the base value to an unwrapped value.
    ///
    /// Returns `nil` when the base value is `nil`. If the base later becomes
    /// `nil`, the binding reads the last value it saw.
    public init?(_ base: Binding<Value?>) {
        guard let initial = base.wrappedValue else {
            return nil
        }
        let lastValue = LastValue(initial)
        self.init(
            get: {
                if let value = base.wrappedValue {
                    lastValue.value = value
                }
                return lastValue.value
            },
            set: { value, transaction in
                lastValue.value = value
                base.write(value, transaction: transaction)
            }
        )
        transaction = base.transaction
    }

    /// Creates a binding by projecting the base value to an optional value.
    ///
    /// Writing `nil` leaves the base unchanged.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(
            get: { Optional(base.wrappedValue) },
            set: { value, transaction in
                if let value {
                    base.write(value, transaction: transaction)
                }
            }
        )
        transaction = base.transaction
    }

    /// Creates a binding by projecting the base value to a hashable value.
    ///
    /// Writing a value of another type leaves the base unchanged.
    public init<V: Hashable>(_ base: Binding<V>) where Value == AnyHashable {
        self.init(
            get: { AnyHashable(base.wrappedValue) },
            set: { value, transaction in
                if let value = value.base as? V {
                    base.write(value, transaction: transaction)
                }
            }
        )
        transaction = base.transaction
    }
}

/// The last value a projected binding read, for when its source goes away.
@MainActor
final class LastValue<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
