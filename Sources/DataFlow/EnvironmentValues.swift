import Observation
import OpenCombine

/// A collection of environment values propagated through a view hierarchy.
///
/// A value set with `environment(_:_:)` affects the modified view and its
/// descendants, up to the point where a different value is set.
public struct EnvironmentValues: CustomStringConvertible {
    private var values: [ObjectIdentifier: Any] = [:]
    private var observableObjects: [ObjectIdentifier: AnyObject] = [:]
    private var environmentObjects: [ObjectIdentifier: AnyObject] = [:]

    /// Creates an environment values instance holding only defaults.
    public init() {}

    /// Accesses the environment value associated with a custom key.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = values[ObjectIdentifier(key)] as? Key.Value {
                return value
            }
            return Key.defaultValue
        }
        set {
            values[ObjectIdentifier(key)] = newValue
        }
    }

    /// A string that represents the contents of the environment values instance.
    public var description: String {
        "EnvironmentValues(\(values.count) values, \(observableObjects.count) observable objects, \(environmentObjects.count) environment objects)"
    }

    /// The `Observable` object of this type placed by `environment(_:)`, if any.
    func observableObject<Object: AnyObject>(of type: Object.Type) -> Object? {
        observableObjects[ObjectIdentifier(type)] as? Object
    }

    /// Places an `Observable` object, or removes the one of its type.
    mutating func setObservableObject<Object: AnyObject>(_ object: Object?, as type: Object.Type) {
        observableObjects[ObjectIdentifier(type)] = object
    }

    /// The `ObservableObject` of this type placed by `environmentObject(_:)`, if any.
    func environmentObject<Object: ObservableObject>(of type: Object.Type) -> Object? {
        environmentObjects[ObjectIdentifier(type)] as? Object
    }

    /// Places an `ObservableObject` for `EnvironmentObject` properties to find.
    mutating func setEnvironmentObject<Object: ObservableObject>(_ object: Object) {
        environmentObjects[ObjectIdentifier(Object.self)] = object
    }
}
