/// How a stack shares out its space: children are offered the room left, the least flexible first (the difference
/// between the most and the least each can take along the stack's axis), so that text keeps its lines and lists and
/// spacers take what remains.
@MainActor
struct StackLayout {
    let axis: Axis
    let spacing: Int
    let alignment: Alignment

    /// The stack a body with several views, or a modifier over several, stands for.
    static let implicit = StackLayout(axis: .vertical, spacing: 0, alignment: .center)

    private var cross: Axis { axis == .vertical ? .horizontal : .vertical }

    /// The sizes the children take when the stack is offered `proposal`.
    func sizes(_ items: [ViewNode], _ proposal: ProposedSize) -> [CellSize] {
        guard !items.isEmpty else { return [] }
        let asking = ProposedSize(width: proposal.width, height: proposal.height, stackAxis: axis)
        guard let available = proposal[axis] else {
            return items.map { $0.sizeThatFits(asking) }
        }
        var remaining = max(0, available - spacing * (items.count - 1))
        let extent = items.map { item in
            (least: item.sizeThatFits(asking.with(axis, 0))[axis], most: item.sizeThatFits(asking.with(axis, ProposedSize.unbounded))[axis])
        }
        // Children with a bound (text, fixed frames) are offered their share first, the least flexible first; those
        // that take all they are offered (spacers, lists, frames to `.max`) share what is left.
        let unbounded = extent.map { $0.most >= ProposedSize.unbounded / 2 }
        let order = items.indices.sorted { first, second in
            if unbounded[first] != unbounded[second] { return !unbounded[first] }
            let a = extent[first].most - extent[first].least
            let b = extent[second].most - extent[second].least
            return a < b || (a == b && first < second)
        }
        var sizes = Array(repeating: CellSize.zero, count: items.count)
        let boundedCount = unbounded.filter { !$0 }.count
        for (placed, index) in order.enumerated() {
            let left = placed < boundedCount ? boundedCount - placed : items.count - placed
            let share = remaining / left
            let size = items[index].sizeThatFits(asking.with(axis, share))
            sizes[index] = size
            remaining = max(0, remaining - size[axis])
        }
        return sizes
    }

    func sizeThatFits(_ items: [ViewNode], _ proposal: ProposedSize) -> CellSize {
        let sizes = sizes(items, proposal)
        guard !sizes.isEmpty else { return .zero }
        let along = sizes.reduce(0) { $0 + $1[axis] } + spacing * (sizes.count - 1)
        let across = sizes.map { $0[cross] }.max() ?? 0
        return axis == .vertical ? CellSize(width: across, height: along) : CellSize(width: along, height: across)
    }

    func draw(_ items: [ViewNode], in rect: CellRect, canvas: inout Canvas, node: ViewNode? = nil) {
        let sizes: [CellSize]
        if let cached = node?.drawCache, cached.size == rect.size, let kept = cached.value as? [CellSize] {
            sizes = kept
        } else {
            sizes = self.sizes(items, ProposedSize(width: rect.width, height: rect.height))
            node?.drawCache = (rect.size, sizes)
        }
        var offset = 0
        for (item, size) in zip(items, sizes) {
            let slot: CellRect
            if axis == .vertical {
                slot = CellRect(x: rect.x, y: rect.y + offset, width: rect.width, height: size.height)
            } else {
                slot = CellRect(x: rect.x + offset, y: rect.y, width: size.width, height: rect.height)
            }
            item.draw(in: slot.placing(size, alignment), canvas: &canvas)
            offset += size[axis] + spacing
        }
    }
}
