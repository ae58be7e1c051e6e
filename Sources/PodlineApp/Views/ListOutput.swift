import DataFlow
import Foundation

/// Renders listing views through a view host and writes their lines.
@MainActor
package enum ListOutput {
    /// The lines `view` renders to.
    package static func lines<V: View>(_ view: V) -> [String] {
        ViewHost(view).render()
    }

    /// Writes the lines of `view` to standard output.
    package static func write<V: View>(_ view: V) {
        write(lines: lines(view))
    }

    /// The lines of a long listing, rendered page by page, so that a host never holds more than `pageSize` rows.
    package static func lines<Row, V: View>(_ rows: [Row], pageSize: Int = 2000, page: ([Row]) -> V) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(rows.count)
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + pageSize, rows.endIndex)
            lines += Self.lines(page(Array(rows[start..<end])))
            start = end
        }
        return lines
    }

    private static func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        var text = lines.joined(separator: "\n")
        text.append("\n")
        TerminalOutput.write(text)
    }
}
