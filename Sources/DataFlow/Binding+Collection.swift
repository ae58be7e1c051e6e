/// A binding to a collection is a collection of bindings to its elements,
/// in the collection's order: `ForEach($episodes) { $episode in … }`.
extension Binding: @MainActor Sequence, @MainActor Collection, @MainActor BidirectionalCollection,
    @MainActor RandomAccessCollection
where Value: MutableCollection & RandomAccessCollection {
    /// The positions of the bound collection.
    public typealias Index = Value.Index
    /// A binding to one element.
    public typealias Element = Binding<Value.Element>
    /// The valid positions of the bound collection.
    public typealias Indices = Value.Indices
    /// A contiguous range of element bindings.
    public typealias SubSequence = Slice<Binding<Value>>
    /// Iterates the element bindings in order.
    public typealias Iterator = IndexingIterator<Binding<Value>>

    /// The position of the first element of the bound collection.
    public var startIndex: Index { read().startIndex }
    /// The position past the last element of the bound collection.
    public var endIndex: Index { read().endIndex }
    /// The valid positions of the bound collection, in order.
    public var indices: Indices { read().indices }

    /// The position after `index`.
    public func index(after index: Index) -> Index {
        read().index(after: index)
    }

    /// The position before `index`.
    public func index(before index: Index) -> Index {
        read().index(before: index)
    }

    /// The position `distance` steps from `index`.
    public func index(_ index: Index, offsetBy distance: Int) -> Index {
        read().index(index, offsetBy: distance)
    }

    /// The number of steps from `start` to `end`.
    public func distance(from start: Index, to end: Index) -> Int {
        read().distance(from: start, to: end)
    }

    /// A binding to the element at `position`.
    ///
    /// When elements are `Identifiable`, the binding follows its element by
    /// `id` after the collection changes (insertions, removals, moves); if the
    /// element is gone it reads its last value and ignores writes.
    public subscript(position: Index) -> Binding<Value.Element> {
        let initial = read()[position]
        let identity = ElementIdentity.of(initial)
        let lastValue = LastValue(initial)
        var element = Binding<Value.Element>(
            get: {
                let collection = self.read()
                if let index = Self.locate(identity, near: position, in: collection) {
                    lastValue.value = collection[index]
                }
                return lastValue.value
            },
            set: { value, transaction in
                var collection = self.read()
                guard let index = Self.locate(identity, near: position, in: collection) else { return }
                lastValue.value = value
                collection[index] = value
                self.write(collection, transaction: transaction)
            }
        )
        element.transaction = transaction
        return element
    }

    /// Where the element with `identity` is now: at `position` if it still
    /// is there, else wherever its id is found; for elements without identity,
    /// `position` while it is valid.
    private static func locate(_ identity: AnyHashable?, near position: Index, in collection: Value) -> Index? {
        let positionIsValid = position >= collection.startIndex && position < collection.endIndex
        guard let identity else {
            return positionIsValid ? position : nil
        }
        if positionIsValid, ElementIdentity.of(collection[position]) == identity {
            return position
        }
        return collection.indices.first { ElementIdentity.of(collection[$0]) == identity }
    }
}

/// The `id` of an element when it is `Identifiable`.
enum ElementIdentity {
    /// The element's `id` as a hashable value, or `nil` when it has none.
    static func of<Element>(_ element: Element) -> AnyHashable? {
        guard let identifiable = element as? any Identifiable else { return nil }
        return identifiable.anyID
    }
}

extension Identifiable {
    fileprivate var anyID: AnyHashable {
        AnyHashable(id)
    }
}
