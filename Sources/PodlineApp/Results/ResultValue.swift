import PodcastKit

/// A command's result as a value a front end can read as its type (a `PlayerStatus`, a list of `ItemSummary`, …), and
/// the documented JSON it is written as, member for member and in order.
public protocol ResultValue: Sendable {
    /// The documented JSON of the value.
    var json: JSONValue { get }
}

extension JSONValue: ResultValue {
    /// A result not typed further is its own JSON.
    public var json: JSONValue { self }
}

extension Array: ResultValue where Element: ResultValue {
    /// A list is a JSON array of its elements.
    public var json: JSONValue { .array(map(\.json)) }
}

extension PlayerStatus: ResultValue {}
extension ItemSummary: ResultValue {}
