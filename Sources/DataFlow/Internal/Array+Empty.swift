extension Array {
    /// Empties the array and keeps its storage; one element goes by `removeLast()`, which is inlined, where
    /// `removeAll(keepingCapacity:)` takes the generic path of replacing a range (the common case of an update: one node).
    mutating func empty() {
        if count == 1 {
            removeLast()
        } else if !isEmpty {
            removeAll(keepingCapacity: true)
        }
    }
}
