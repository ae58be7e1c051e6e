import TerminalCanvas

/// A view that displays read-only text.
///
/// In a terminal it wraps at spaces to the width it is offered (a newline always breaks), up to `lineLimit` lines and
/// the height it is offered; a text cut short ends in "…". Its width is that of its widest line, in display columns.
public struct Text: View, Equatable {
    /// The text shown.
    public let content: String

    /// Creates a text view that displays a string.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// Creates a text view that displays a string literal without localization.
    public init(verbatim content: String) {
        self.content = content
    }

    public var body: Never { bodyNeverCalled() }
}

extension Text: LaidOutView {
    var isLeaf: Bool { true }

    func render(node: PrimitiveNode, into lines: inout [String]) {
        lines.append(content)
    }

    /// The lines shown for `proposal`, and whether some were left out; the text wrapped at a width is kept on `node`
    /// (measuring and drawing at one width wrap it once).
    private func lines(_ proposal: ProposedSize, limit: Int?, node: PrimitiveNode) -> (lines: [String], cut: Bool) {
        var lines: [String]
        let most = min(limit ?? Int.max, proposal.height ?? Int.max)
        if most == 1, let width = proposal.width {
            // One line: as much of the first as fits, cut mid-word rather than at a space.
            let paragraphs = content.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let first = String(paragraphs.first ?? "")
            guard DisplayWidth.of(first) > width else { return ([first], paragraphs.count > 1) }
            return ([DisplayWidth.prefix(first, fitting: width, ellipsis: true)], false)
        }
        if let width = proposal.width {
            if let kept = node.modifierState as? WrappedText, kept.width == width, kept.content == content {
                lines = kept.lines
            } else {
                lines = DisplayWidth.wrap(content, columns: width)
                node.modifierState = WrappedText(content: content, width: width, lines: lines)
            }
        } else {
            lines = content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        guard lines.count > most else { return (lines, false) }
        lines.removeLast(lines.count - most)
        return (lines, true)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        // Text keeps its first line however little height it is offered (as it never wraps to nothing).
        var offer = proposal
        if let height = offer.height, height < 1, !self.content.isEmpty { offer.height = 1 }
        let (lines, cut) = lines(offer, limit: node.environment.lineLimit, node: node)
        var width = lines.map(DisplayWidth.of).max() ?? 0
        if cut, let last = lines.last, let proposed = offer.width { width = max(width, min(proposed, DisplayWidth.of(last) + 1)) }
        return CellSize(width: width, height: lines.count)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        let lines: [String]
        let cut: Bool
        if let cached = node.drawCache, cached.size == rect.size, let kept = cached.value as? ([String], Bool) {
            (lines, cut) = kept
        } else {
            (lines, cut) = self.lines(
                ProposedSize(width: rect.width, height: rect.height), limit: node.environment.lineLimit, node: node)
            node.drawCache = (rect.size, (lines, cut))
        }
        let style = node.environment.textStyle
        for (row, line) in lines.enumerated() {
            let shown = cut && row == lines.count - 1 ? line + "…" : line
            canvas.put(shown, at: CellPoint(x: rect.x, y: rect.y + row), width: rect.width, style: style)
        }
    }
}

/// A text wrapped at a width, kept on its node.
private final class WrappedText {
    let content: String
    let width: Int
    let lines: [String]

    init(content: String, width: Int, lines: [String]) {
        (self.content, self.width, self.lines) = (content, width, lines)
    }
}
