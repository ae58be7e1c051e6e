@_spi(Reflection) import Swift

/// Where the dynamic properties of a view type are stored, found once per type by reflection.
@MainActor
struct PropertyLayout {
    private enum Field {
        /// A property the graph links itself (State, StateObject, Environment…).
        case linked(offset: Int, type: any GraphProperty.Type)
        /// A custom dynamic property: its own fields first, then its `update()`.
        case custom(offset: Int, type: any DynamicProperty.Type, layout: PropertyLayout)
    }

    private let fields: [Field]

    /// True when the type has no dynamic properties.
    var isEmpty: Bool { fields.isEmpty }

    private static var cache: [ObjectIdentifier: PropertyLayout] = [:]

    /// The layout of `type`, computed on first use.
    static func of(_ type: Any.Type) -> PropertyLayout {
        let key = ObjectIdentifier(type)
        if let layout = cache[key] {
            return layout
        }
        let layout = PropertyLayout(reflecting: type)
        cache[key] = layout
        return layout
    }

    private init(reflecting type: Any.Type) {
        var fields: [Field] = []
        _ = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
            // Dynamic properties are structures (as in SwiftUI). Asking whether another field's type conforms would
            // scan every conformance record of the binary the first time: a tenth of a millisecond a type.
            guard kind == .struct else { return true }
            // Every linked property is a dynamic one: a field that is neither is asked once, not twice.
            guard let dynamic = fieldType as? any DynamicProperty.Type else { return true }
            if let linked = dynamic as? any GraphProperty.Type {
                fields.append(.linked(offset: offset, type: linked))
            } else {
                fields.append(.custom(offset: offset, type: dynamic, layout: PropertyLayout.of(dynamic)))
            }
            return true
        }
        self.fields = fields
    }

    /// Links and updates the dynamic properties of the value at `base`.
    func prepare(_ base: UnsafeMutableRawPointer, _ linker: inout PropertyLinker) {
        for field in fields {
            switch field {
            case .linked(let offset, let type):
                type.link(at: base + offset, &linker)
            case .custom(let offset, let type, let layout):
                layout.prepare(base + offset, &linker)
                type.runUpdate(at: base + offset)
            }
        }
    }
}
