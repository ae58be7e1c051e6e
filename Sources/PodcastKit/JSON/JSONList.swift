import Foundation

/// A JSON array kept as text in the library, read back.
enum JSONList {
    /// The objects of the array `text` holds; none when it is nil or not an array.
    static func objects(_ text: String?) -> [[String: Any]] {
        guard let text, let list = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else { return [] }
        return list.compactMap { $0 as? [String: Any] }
    }

    /// `values` as the library keeps them: a JSON array, or nil when there are none.
    static func text(_ values: [JSONValue]) -> String? {
        values.isEmpty ? nil : JSONValue.array(values).rendered
    }
}
