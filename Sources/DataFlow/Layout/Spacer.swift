/// A flexible space that grows along the axis of the stack it is in.
public struct Spacer: View {
    let minLength: Int

    /// Creates a space at least `minLength` cells long.
    public init(minLength: Int = 0) {
        self.minLength = max(0, minLength)
    }

    public var body: Never { bodyNeverCalled() }
}

extension Spacer: LaidOutView {
    var isLeaf: Bool { true }

    func render(node: PrimitiveNode, into lines: inout [String]) {}

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        switch proposal.stackAxis {
        case .horizontal?: CellSize(width: max(minLength, proposal.width ?? minLength), height: 0)
        case .vertical?: CellSize(width: 0, height: max(minLength, proposal.height ?? minLength))
        case nil: CellSize(width: max(minLength, proposal.width ?? minLength), height: max(minLength, proposal.height ?? minLength))
        }
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {}
}

/// A line that separates the views of a stack: across a vertical stack, down a horizontal one.
public struct Divider: View {
    public init() {}

    public var body: Never { bodyNeverCalled() }
}

extension Divider: LaidOutView {
    var isLeaf: Bool { true }

    func render(node: PrimitiveNode, into lines: inout [String]) {}

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        proposal.stackAxis == .horizontal
            ? CellSize(width: 1, height: proposal.height ?? 1) : CellSize(width: proposal.width ?? 1, height: 1)
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        let style = node.environment.textStyle
        if rect.width == 1, rect.height > 1 {
            for row in 0..<rect.height { canvas.put("│", at: CellPoint(x: rect.x, y: rect.y + row), width: 1, style: style) }
        } else {
            canvas.put(String(repeating: "─", count: rect.width), at: CellPoint(x: rect.x, y: rect.y), width: rect.width, style: style)
        }
    }
}
