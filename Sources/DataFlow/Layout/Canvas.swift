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
    /// The two passes of a frame: placing finds what changed and where, painting draws there.
    enum Pass {
        case placing, painting
    }

    var pass = Pass.placing
    /// Placing treats every node as changed (a whole frame).
    var placesAll = false
    /// The rectangles to paint again, in screen cells.
    private(set) var damaged: [CellRect] = []

    /// The rectangles painted again.
    public var damagedRects: [CellRect] { damaged }

    /// Marks `rect` to be painted again; many rectangles become the whole screen.
    mutating func damage(_ rect: CellRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        if damaged.contains(where: { $0.contains(rect) }) { return }
        damaged.removeAll { rect.contains($0) }
        damaged.append(rect)
        if damaged.count > 32 { damaged = [CellRect(x: 0, y: 0, width: buffer.columns, height: buffer.rows)] }
    }

    /// Blanks the damaged rectangles, for painting.
    mutating func blankDamage() {
        pass = .painting
        for rect in damaged { fill(rect, style: .plain) }
    }

    /// Paints: `body` once per damaged rectangle, drawing clipped to it.
    mutating func paintDamage(_ body: (inout Canvas) -> Void) {
        pass = .painting
        let screen = CellRect(x: 0, y: 0, width: buffer.columns, height: buffer.rows)
        for rect in damaged {
            clip = rect.intersection(screen)
            body(&self)
        }
        clip = screen
    }

    /// False when colours are not to be drawn (`NO_COLOR`): styles keep their bold, reverse and the rest.
    var allowsColor = true

    /// A canvas over `buffer`, which it owns from then on (the frame is not copied when it is drawn on).
    init(buffer: consuming CellBuffer, placesAll: Bool = true) {
        self.placesAll = placesAll
        clip = CellRect(x: 0, y: 0, width: buffer.columns, height: buffer.rows)
        self.buffer = buffer
    }

    /// Writes one line of `text` at `point`, cut at `width` columns (and at the clip), in `style`; with `ellipsis`, a
    /// cut line ends in "…".
    mutating func put(_ text: String, at point: CellPoint, width: Int, style: CellStyle, ellipsis: Bool = true) {
        guard pass == .painting, point.y >= clip.y, point.y < clip.y + clip.height, width > 0 else { return }
        // Cut to the text's own width first (with its ellipsis), then to the clip (without): a text painted in pieces
        // is the same as painted whole.
        var shown = text
        var columns = DisplayWidth.of(shown)
        if columns > width {
            shown = DisplayWidth.prefix(shown, fitting: width, ellipsis: ellipsis)
            columns = DisplayWidth.of(shown)
        }
        var x = point.x
        if x < clip.x {
            // Starts left of the clip: skip the columns outside it.
            var skipped = 0
            while skipped < clip.x - x, let first = shown.first {
                skipped += DisplayWidth.of(first)
                shown.removeFirst()
            }
            x += skipped
            columns -= skipped
        }
        let room = min(point.x + width, clip.x + clip.width) - x
        guard room > 0 else { return }
        if columns > room { shown = DisplayWidth.prefix(shown, fitting: room) }
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

    /// Draws `count` copies of `character` (one column wide, as a box's lines are) from `point` to the right, clipped.
    mutating func repeatCharacter(_ character: String, at point: CellPoint, count: Int, style: CellStyle) {
        guard pass == .painting, point.y >= clip.y, point.y < clip.y + clip.height else { return }
        let from = max(point.x, clip.x)
        let to = min(point.x + count, clip.x + clip.width)
        guard from < to else { return }
        buffer.fill(row: point.y, column: from, count: to - from, with: Cell(character, style: visible(style)))
    }

    /// Fills `rect` (clipped) with blanks in `style`.
    mutating func fill(_ rect: CellRect, style: CellStyle) {
        guard pass == .painting else { return }
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
