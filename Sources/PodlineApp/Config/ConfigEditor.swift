import Foundation
import TOMLKit

/// Changes one show's setting in the text of config.toml, line by line, so that everything else in the file (its
/// comments, its order, its other tables) stays as the listener wrote it.
package enum ConfigEditor {
    /// `text` with `key = literal` in the table `[shows.SLUG]` (replacing the key's line, else added to the table,
    /// else a new table at the end), and the show's line in an older one-setting table for the same key removed.
    package static func setting(_ key: String, to literal: String, forShow show: String, in text: String) -> String {
        var lines = removingOlderForm(of: key, forShow: show, from: text.isEmpty ? [] : text.components(separatedBy: "\n"))
        let assignment = "\(key) = \(literal)"
        if let table = tableRange(named: "shows.\(show)", in: lines) {
            if let index = table.dropFirst().first(where: { keyName(lines[$0]) == key }) {
                lines[index] = assignment
            } else {
                let last = table.last { !lines[$0].trimmingCharacters(in: .whitespaces).isEmpty } ?? table.lowerBound
                lines.insert(assignment, at: last + 1)
            }
        } else {
            while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
            if !lines.isEmpty { lines.append("") }
            lines += ["[shows.\(show)]", assignment]
        }
        return lines.joined(separator: "\n") + (lines.last?.isEmpty == true ? "" : "\n")
    }

    /// `text` without the show's `key` in `[shows.SLUG]` or in the older one-setting table for it.
    package static func removing(_ key: String, forShow show: String, in text: String) -> String {
        var lines = removingOlderForm(of: key, forShow: show, from: text.components(separatedBy: "\n"))
        if let table = tableRange(named: "shows.\(show)", in: lines),
            let index = table.dropFirst().first(where: { keyName(lines[$0]) == key })
        {
            lines.remove(at: index)
        }
        return lines.joined(separator: "\n")
    }

    /// The show's line removed from `[show_speed]` or `[show_auto_download]`, whichever sets `key`.
    private static func removingOlderForm(of key: String, forShow show: String, from lines: [String]) -> [String] {
        guard let older = ShowTable.all.first(where: { $0.key == key }), let table = tableRange(named: older.name, in: lines),
            let index = table.dropFirst().first(where: { keyName(lines[$0]) == show })
        else { return lines }
        var kept = lines
        kept.remove(at: index)
        return kept
    }

    /// The lines of table `[name]`: its header and every line up to the next header.
    private static func tableRange(named name: String, in lines: [String]) -> Range<Int>? {
        guard let header = lines.firstIndex(where: { tableName($0) == name }) else { return nil }
        let end = lines[(header + 1)...].firstIndex { tableName($0) != nil } ?? lines.count
        return header..<end
    }

    /// The name of the table a header line opens (quotes removed), or nil for other lines.
    private static func tableName(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("["), !trimmed.hasPrefix("[["), let close = trimmed.firstIndex(of: "]") else { return nil }
        return trimmed[trimmed.index(after: trimmed.startIndex)..<close].replacingOccurrences(of: "\"", with: "")
            .trimmingCharacters(in: .whitespaces)
    }

    /// The key a `key = value` line sets (quotes removed), or nil.
    private static func keyName(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
        return trimmed[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }

    /// A value typed on the command line as a TOML literal: numbers as they are, on/off and yes/no as booleans,
    /// an array as it is, anything else (a TIME such as 1:30) as a string.
    package static func literal(_ typed: String) -> String {
        switch typed.lowercased() {
        case "on", "yes", "true": return "true"
        case "off", "no", "false": return "false"
        default:
            if typed.allSatisfy({ "0123456789.+-".contains($0) }), Double(typed) != nil { return typed }
            // An array as TOML writes it (`["a", "b"]`) stays one; a pattern such as `[Bb]onus` is a string.
            if typed.hasPrefix("["), typed.hasSuffix("]"), (try? TOMLTable(string: "value = " + typed))?["value"]?.array != nil {
                return typed
            }
            return ConfigKey.quoted(typed)
        }
    }
}
