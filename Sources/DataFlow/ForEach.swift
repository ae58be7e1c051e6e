/// A structure that computes views on demand from an underlying collection
/// of identified data.
///
/// Each element's view is identified by the element's id, so its state
/// follows the element when the collection is reordered, and is reset when
/// the element goes away.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// The collection of underlying identified data.
    public var data: Data
    /// A function to create content on demand using the underlying data.
    public var content: (Data.Element) -> Content
    private let identify: (Data.Element) -> ID

    /// Creates an instance that identifies its elements by the key path `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        identify = { $0[keyPath: id] }
    }

    public var body: Never { bodyNeverCalled() }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Creates an instance over a collection of `Identifiable` data.
    ///
    /// A binding to a collection is a collection of element bindings, which
    /// are identifiable when the elements are: `ForEach($items) { $item in … }`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Creates an instance that computes views over a constant range.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
        identify = { $0 }
    }
}

extension ForEach: PrimitiveView {
    var listsChildrenFromData: Bool { true }

    func makeChildren(into children: inout ChildList) {
        for element in data {
            children.append(content(element), key: ChildKey(identify(element)))
        }
    }
}
