import Foundation

/// One line of a listing built from pieces, some coloured; the last piece is cut to fit the width, before colouring.
package struct LineSegments: Equatable {
    private var pieces: [(text: String, color: TerminalStyle.Color?)] = []

    /// Adds `text`, coloured `color` when colour is on.
    package mutating func add(_ text: String, _ color: TerminalStyle.Color? = nil) {
        pieces.append((text, color))
    }

    /// The line: colour codes when `color`, the last piece cut so the whole fits `columns` (when given).
    package func rendered(color: Bool, columns: Int?) -> String {
        var parts = pieces
        if let columns, let last = parts.indices.last {
            let before = parts.dropLast().reduce(0) { $0 + TerminalText.width($1.text) }
            parts[last].text = TerminalText.clip(parts[last].text, columns: max(1, columns - before))
        }
        return parts.map { part in
            guard let shade = part.color else { return part.text }
            return TerminalStyle.paint(part.text, shade, enabled: color)
        }.joined()
    }

    package static func == (lhs: LineSegments, rhs: LineSegments) -> Bool {
        lhs.pieces.map(\.text) == rhs.pieces.map(\.text) && lhs.pieces.map(\.color) == rhs.pieces.map(\.color)
    }
}

/// How a listing is drawn: with colour or not, and cut to a terminal's width or not.
package struct ListStyle: Equatable, Sendable {
    package var color = false
    /// The width to cut lines to; nil when output is not a terminal (lines are never cut then).
    package var columns: Int?

    /// The style for standard output: colour and cutting only on a terminal.
    package static func standardOutput() -> ListStyle {
        guard isatty(1) == 1 else { return ListStyle() }
        return ListStyle(color: TerminalStyle.enabled(for: 1), columns: TerminalSize.columns(of: 1))
    }
}

/// The width of the terminal behind a file descriptor.
package enum TerminalSize {
    /// Columns of the terminal on `fd`; 80 when unknown.
    package static func columns(of fd: Int32) -> Int {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
