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

    /// The lines shown for `proposal`, their widths in columns, and whether some were left out; the text wrapped at a
    /// width is kept on `node` with its lines' widths (measuring and drawing at one width wrap and measure it once).
    private func lines(_ proposal: ProposedSize, limit: Int?, node: PrimitiveNode) -> (
        lines: ArraySlice<String>, widths: ArraySlice<Int>, cut: Bool
    ) {
        let most = min(limit ?? Int.max, proposal.height ?? Int.max)
        if most == 1, let width = proposal.width {
            // One line: as much of the first as fits, cut mid-word rather than at a space.
            let (first, more) = firstParagraph
            let firstWidth = DisplayWidth.of(first)
            guard firstWidth > width else { return ([first], [firstWidth], more) }
            let shown = DisplayWidth.prefix(first, fitting: width, ellipsis: true)
            return ([shown], [DisplayWidth.of(shown)], false)
        }
        let kept: WrappedText
        if let wrapped = node.modifierState as? WrappedText, wrapped.width == proposal.width, wrapped.content == content {
            kept = wrapped
        } else {
            kept = WrappedText(content: content, width: proposal.width)
            // The width the text is laid out at is kept; an ideal size's measure (no width) does not displace it.
            if proposal.width != nil { node.modifierState = kept }
        }
        let count = min(kept.lines.count, most)
        return (kept.lines[..<count], kept.widths[..<count], kept.lines.count > count)
    }

    /// The text up to its first newline, and whether more follows; the newline found among the bytes (a long text is
    /// not walked a character at a time), save where it ends a CR LF, which is one character and no break.
    private var firstParagraph: (String, Bool) {
        if let newline = content.utf8.firstIndex(of: 0x0A) {
            if newline == content.utf8.startIndex || content.utf8[content.utf8.index(before: newline)] != 0x0D {
                return (String(content[..<newline]), true)
            }
        } else if !content.utf8.contains(0x0D) {
            return (content, false)
        }
        let paragraphs = content.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(paragraphs.first ?? ""), paragraphs.count > 1)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        // Text keeps its first line however little height it is offered (as it never wraps to nothing).
        var offer = proposal
        if let height = offer.height, height < 1, !self.content.isEmpty { offer.height = 1 }
        let (lines, widths, cut) = lines(offer, limit: node.environment.lineLimit, node: node)
        var width = widths.max() ?? 0
        if cut, let last = widths.last, let proposed = offer.width { width = max(width, min(proposed, last + 1)) }
        return CellSize(width: width, height: lines.count)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        let lines: [String]
        let cut: Bool
        if let cached = node.drawCache, cached.size == rect.size, let kept = cached.value as? ([String], Bool) {
            (lines, cut) = kept
        } else {
            let shown = self.lines(ProposedSize(width: rect.width, height: rect.height), limit: node.environment.lineLimit, node: node)
            (lines, cut) = (Array(shown.lines), shown.cut)
            node.drawCache = (rect.size, (lines, cut))
        }
        let style = node.environment.textStyle
        for (row, line) in lines.enumerated() {
            let shown = cut && row == lines.count - 1 ? line + "…" : line
            canvas.put(shown, at: CellPoint(x: rect.x, y: rect.y + row), width: rect.width, style: style)
        }
    }
}

/// A text wrapped at a width (nil: broken at its newlines only), with each line's width in columns, kept on its node.
private final class WrappedText {
    let content: String
    let width: Int?
    let lines: [String]
    let widths: [Int]

    init(content: String, width: Int?) {
        (self.content, self.width) = (content, width)
        if let width {
            lines = DisplayWidth.wrap(content, columns: width)
        } else {
            lines = content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        widths = lines.map(DisplayWidth.of)
    }
}
