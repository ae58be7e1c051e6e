import Observation

/// A property wrapper type that supports creating bindings to the mutable
/// properties of observable objects.
///
/// Use it on a view's property or on a local variable inside `body`:
/// `$book.title` is a binding that writes to `book.title`.
@MainActor @propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    private var object: Value

    /// Creates a bindable object from an observable object.
    public init(wrappedValue: Value) where Value: AnyObject & Observable {
        object = wrappedValue
    }

    /// Creates a bindable object from an observable object.
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
        object = wrappedValue
    }

    /// Creates a bindable from the value of another bindable.
    public init(projectedValue: Bindable<Value>) where Value: AnyObject & Observable {
        self = projectedValue
    }

    /// The wrapped object.
    public var wrappedValue: Value {
        get { object }
        set { object = newValue }
    }

    /// The bindable wrapper for the object that creates bindings to its
    /// properties using dynamic member lookup.
    public var projectedValue: Bindable<Value> {
        self
    }

    /// Returns a binding to the value of a given key path.
    public subscript<Subject>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
    ) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(
            get: { object[keyPath: keyPath] },
            set: { value, _ in object[keyPath: keyPath] = value }
        )
    }
}

extension Bindable: @MainActor Identifiable where Value: AnyObject & Observable {
    /// The identity of the wrapped object.
    public var id: ObjectIdentifier {
        ObjectIdentifier(wrappedValue)
    }
}
