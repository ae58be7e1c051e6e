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
        // Read in place, eight bytes at a time (a row's value is compared at every move of a list).
        withUnsafePointer(to: lhs) { left in
            withUnsafePointer(to: rhs) { right in
                sameBytes(UnsafeRawPointer(left), UnsafeRawPointer(right), count: MemoryLayout<Value>.size)
            }
        }
    }

    /// True when the `count` bytes at `left` and at `right` are the same.
    static func sameBytes(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < count {
            if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
