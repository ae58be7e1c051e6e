import Foundation

/// Finds the line on which a key is written in TOML text, for error messages (the parser does not keep positions).
package enum KeyLines {
    /// The 1-based line of `key` inside table `table` (nil for the top level), if found.
    package static func line(of key: String, inTable table: String?, text: String) -> Int? {
        var current: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                current = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).replacingOccurrences(of: "\"", with: "")
                continue
            }
            guard current == table, let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if name == key { return index + 1 }
        }
        return nil
    }
}
