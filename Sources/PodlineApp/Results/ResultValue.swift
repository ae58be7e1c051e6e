import PodcastKit

/// A command's result as a value a front end can read as its type (a `PlayerStatus`, a list of `ItemSummary`, …), and
/// the documented JSON it is written as, member for member and in order.
public protocol ResultValue: Sendable {
    /// The documented JSON of the value.
    var json: JSONValue { get }

    /// The documented JSON as UTF-8 text, handed to `write` in pieces, so that a long list is never held whole as
    /// text.
    func writeJSON(_ write: (UnsafeBufferPointer<UInt8>) -> Void)
}

extension ResultValue {
    /// One piece: the value's JSON rendered whole.
    public func writeJSON(_ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        json.renderedBytes.withUnsafeBufferPointer(write)
    }
}

extension JSONValue: ResultValue {
    /// A result not typed further is its own JSON.
    public var json: JSONValue { self }

    /// An array element by element; anything else whole.
    public func writeJSON(_ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard case .array(let values) = self else { return json.renderedBytes.withUnsafeBufferPointer(write) }
        JSONPieces.write(to: write) { $0.appendArray(values) }
    }
}

extension Array: ResultValue where Element: ResultValue {
    /// A list is a JSON array of its elements.
    public var json: JSONValue { .array(map(\.json)) }

    /// Element by element: an element's JSON is made when it is written.
    public func writeJSON(_ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        JSONPieces.write(to: write) { $0.appendArray(lazy.map(\.json)) }
    }
}

extension PlayerStatus: ResultValue {}
extension ItemSummary: ResultValue {}
