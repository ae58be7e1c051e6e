/// Hands out the storage slots of a node to the dynamic properties of its view, in field order.
///
/// A view type always lists its properties in the same order, so the n-th
/// property gets the same slot on every evaluation of the same node.
@MainActor
struct PropertyLinker {
    let node: ViewNode
    private var slot = 0

    init(node: ViewNode) {
        self.node = node
    }

    /// The storage in the next slot, made by `make` the first time.
    mutating func storage<Storage: AnyObject>(_ make: () -> Storage) -> Storage {
        defer { slot += 1 }
        if slot < node.slots.count, let existing = node.slots[slot] as? Storage {
            return existing
        }
        let storage = make()
        if slot < node.slots.count {
            node.slots[slot] = storage
        } else {
            node.slots.append(storage)
        }
        return storage
    }
}
