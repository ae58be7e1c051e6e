import OpenCombine

/// A property wrapper type for an observable object that a parent or ancestor view supplies.
///
/// An ancestor supplies the object with `environmentObject(_:)`; the view is
/// invalidated whenever the object is about to change. Reading the property
/// when no ancestor supplied an object of this type stops the program with
/// a message naming the type.
@MainActor @propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    /// A wrapper of the underlying environment object that can create
    /// bindings to its properties using dynamic member lookup.
    public typealias Wrapper = ObservedObject<ObjectType>.Wrapper

    private var object: ObjectType?

    /// Creates an environment object.
    public init() {}

    /// The underlying value referenced by the environment object.
    public var wrappedValue: ObjectType {
        guard let object else {
            fatalError(Self.missingMessage)
        }
        return object
    }

    /// A projection of the environment object that creates bindings to its
    /// properties using dynamic member lookup.
    public var projectedValue: Wrapper {
        Wrapper(object: wrappedValue)
    }

    static var missingMessage: String {
        "No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view."
    }
}

extension EnvironmentObject: GraphProperty {
    mutating func link(_ linker: inout PropertyLinker) {
        let node = linker.node
        let subscription = linker.storage { ObjectSubscription() }
        object = node.environment.environmentObject(of: ObjectType.self)
        if let object {
            subscription.observe(object, for: node)
        } else {
            subscription.tearDown()
        }
    }
}
