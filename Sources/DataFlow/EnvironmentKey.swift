/// A key for accessing values in the environment.
///
/// Declare a key type with a default value, then a computed property on
/// `EnvironmentValues` that reads and writes `self[Key.self]`.
public protocol EnvironmentKey {
    /// The associated type representing the type of the environment key's value.
    associatedtype Value

    /// The default value for the environment key.
    static var defaultValue: Value { get }
}
