/// The child views a container lists, each with the key that identifies it.
///
/// A child keeps its node (and so its state) when a later evaluation lists a
/// view of the same type under the same key.
@MainActor
struct ChildList {
    /// One listed child.
    struct Entry {
        var key: ChildKey
        var view: any View
    }

    private(set) var entries: [Entry] = []

    /// Appends a child identified by its position.
    mutating func append(_ view: any View) {
        entries.append(Entry(key: .position(entries.count), view: view))
    }

    /// Appends a child identified by an explicit key.
    mutating func append(_ view: any View, key: ChildKey) {
        entries.append(Entry(key: key, view: view))
    }
}
