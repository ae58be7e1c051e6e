/// What identifies a child node among its siblings: its key and its view type.
struct NodeKey: Hashable {
    let key: ChildKey
    let type: ObjectIdentifier

    @MainActor
    init(_ entry: ChildList.Entry) {
        key = entry.key
        type = ObjectIdentifier(Swift.type(of: entry.view))
    }
}
