/// Compares two values of any type the way a write decides whether it changed anything.
enum ValueEquality {
    /// True when both are equal by `==`, or are the same object; false when unknown.
    static func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
        if let equatable = lhs as? any Equatable {
            return equatable.isEqual(to: rhs)
        }
        if Value.self is AnyObject.Type {
            return (lhs as AnyObject) === (rhs as AnyObject)
        }
        return false
    }

    /// True when both values have the same bytes: same references, same scalars.
    static func isIdentical<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return withUnsafeBytes(of: &lhs) { left in
            withUnsafeBytes(of: &rhs) { right in
                left.elementsEqual(right)
            }
        }
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
