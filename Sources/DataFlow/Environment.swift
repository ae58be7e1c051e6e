import Observation

/// A property wrapper that reads a value from a view's environment.
///
/// Read a value with a key path, `@Environment(\.myValue)`, or an
/// `Observable` object with its type, `@Environment(Library.self)`. Reading
/// a non-optional object that no ancestor placed stops the program with a
/// message naming the type; declare the property optional to get `nil`.
@MainActor @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let resolve: (EnvironmentValues) -> Value?
    private let missingMessage: String
    private var content: Value?

    /// Creates an environment property to read the specified key path.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        resolve = { $0[keyPath: keyPath] }
        missingMessage = "Environment value \(keyPath) has no value."
    }

    /// Creates an environment property to read an observable object from the environment.
    ///
    /// Reading it stops the program when no ancestor placed an object of this type.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        resolve = { $0.observableObject(of: objectType) }
        missingMessage =
            "No Observable object of type \(Value.self) found. A View.environment(_:) for \(Value.self) may be missing as an ancestor of this view."
    }

    /// Creates an environment property to read an observable object from the
    /// environment, returning `nil` if no corresponding object has been set.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        resolve = { .some($0.observableObject(of: objectType)) }
        missingMessage = "Environment object \(T.self) has no value."
    }

    /// The current value of the environment property.
    public var wrappedValue: Value {
        if let content {
            return content
        }
        if let fallback = resolve(EnvironmentValues()) {
            return fallback
        }
        fatalError(missingMessage)
    }
}

extension Environment: GraphProperty {
    mutating func link(_ linker: inout PropertyLinker) {
        content = resolve(linker.node.environment)
    }
}
