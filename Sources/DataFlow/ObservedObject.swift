import OpenCombine

/// A property wrapper type that subscribes to an observable object and
/// invalidates a view whenever the observable object changes.
///
/// The view does not own the object: it is an input. The view subscribes to
/// the object's `objectWillChange` and subscribes again only when a new
/// input is a different object.
@MainActor @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// A wrapper of the underlying observable object that can create bindings
    /// to its properties.
    @MainActor @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        /// Returns a binding to the resulting value of a given key path.
        public subscript<Subject>(
            dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
        ) -> Binding<Subject> {
            let object = object
            return Binding(
                get: { object[keyPath: keyPath] },
                set: { value, _ in object[keyPath: keyPath] = value }
            )
        }
    }

    /// The underlying value that the observed object references.
    public var wrappedValue: ObjectType

    /// Creates an observed object with an initial value.
    public init(initialValue: ObjectType) {
        wrappedValue = initialValue
    }

    /// Creates an observed object with an initial wrapped value.
    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    /// A projection of the observed object that creates bindings to its properties.
    public var projectedValue: Wrapper {
        Wrapper(object: wrappedValue)
    }
}

extension ObservedObject: GraphProperty {
    mutating func link(_ linker: inout PropertyLinker) {
        let node = linker.node
        linker.storage { ObjectSubscription() }.observe(wrappedValue, for: node)
    }
}
