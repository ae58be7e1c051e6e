import TerminalCanvas

/// What views draw into during a frame: the cell buffer, the rectangle drawing is clipped to, and the places a click
/// acts on.
@MainActor
public struct Canvas {
    /// The cells of the frame.
    public private(set) var buffer: CellBuffer
    /// Nothing is drawn outside it.
    var clip: CellRect
    /// The rectangles with a tap action, in drawing order (later ones are on top).
    var tapTargets: [TapTarget] = []
    /// The rectangles that take the mouse wheel, in drawing order.
    var scrollTargets: [ScrollTarget] = []
    /// False when colours are not to be drawn (`NO_COLOR`): styles keep their bold, reverse and the rest.
    var allowsColor = true

    init(buffer: CellBuffer) {
        self.buffer = buffer
        clip = CellRect(x: 0, y: 0, width: buffer.columns, height: buffer.rows)
    }

    /// Writes one line of `text` at `point`, cut at `width` columns (and at the clip), in `style`; with `ellipsis`, a
    /// cut line ends in "…".
    mutating func put(_ text: String, at point: CellPoint, width: Int, style: CellStyle, ellipsis: Bool = true) {
        guard point.y >= clip.y, point.y < clip.y + clip.height, width > 0 else { return }
        let right = min(point.x + width, clip.x + clip.width)
        var x = point.x
        var shown = text
        if x < clip.x {
            // Starts left of the clip: skip the columns outside it.
            var skipped = 0
            while skipped < clip.x - x, let first = shown.first {
                skipped += DisplayWidth.of(first)
                shown.removeFirst()
            }
            x += skipped
        }
        let room = right - x
        guard room > 0 else { return }
        if DisplayWidth.of(shown) > room { shown = DisplayWidth.prefix(shown, fitting: room, ellipsis: ellipsis) }
        buffer.put(shown, row: point.y, column: x, style: visible(style))
    }

    /// `style` as this frame may show it.
    private func visible(_ style: CellStyle) -> CellStyle {
        guard !allowsColor else { return style }
        var plain = style
        plain.foreground = .standard
        plain.background = .standard
        return plain
    }

    /// Fills `rect` (clipped) with blanks in `style`.
    mutating func fill(_ rect: CellRect, style: CellStyle) {
        let area = rect.intersection(clip)
        guard area.width > 0 else { return }
        for row in area.y..<(area.y + area.height) {
            buffer.fill(row: row, column: area.x, count: area.width, style: visible(style))
        }
    }

    /// Draws `body` with drawing clipped to `rect` as well.
    mutating func clipped(to rect: CellRect, _ body: (inout Canvas) -> Void) {
        let saved = clip
        clip = clip.intersection(rect)
        body(&self)
        clip = saved
    }
}

/// A rectangle that takes the mouse wheel.
@MainActor
struct ScrollTarget {
    let rect: CellRect
    let action: (Int) -> Void
}

/// A rectangle that runs an action when clicked `count` times.
@MainActor
struct TapTarget {
    let rect: CellRect
    let count: Int
    let action: (CellPoint, CellSize) -> Void
}
