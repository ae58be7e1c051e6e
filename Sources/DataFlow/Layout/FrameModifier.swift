/// A view that gives its content a fixed or bounded size, and places it inside by an alignment.
struct FrameModifier<Content: View>: View {
    let content: Content
    let minWidth: Int?
    let width: Int?
    let maxWidth: Int?
    let minHeight: Int?
    let height: Int?
    let maxHeight: Int?
    let alignment: Alignment

    var body: Never { bodyNeverCalled() }
}

extension FrameModifier: LaidOutView {
    func makeChildren(into children: inout ChildList) {
        children.append(content)
    }

    /// One dimension: the fixed size, or the proposal kept between the bounds (the content's own size standing in for a
    /// bound not given), or the content's size kept between them when nothing is proposed.
    private static func resolve(fixed: Int?, min low: Int?, max high: Int?, proposed: Int?, child: () -> Int) -> Int {
        if let fixed { return fixed }
        if low == nil, high == nil { return child() }
        if let proposed {
            let floor = low ?? Swift.min(child(), proposed)
            let ceiling = high ?? Swift.max(child(), floor)
            return Swift.max(floor, Swift.min(ceiling, proposed))
        }
        let size = child()
        return Swift.max(low ?? size, Swift.min(high ?? size, size))
    }

    /// The proposal the content gets: the frame's fixed size, or the offer kept between the bounds.
    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        func bounded(_ fixed: Int?, _ low: Int?, _ high: Int?, _ proposed: Int?) -> Int? {
            if let fixed { return fixed }
            guard let proposed else { return nil }
            return Swift.max(low ?? 0, Swift.min(high ?? proposed, proposed))
        }
        return ProposedSize(
            width: bounded(width, minWidth, maxWidth, proposal.width), height: bounded(height, minHeight, maxHeight, proposal.height),
            stackAxis: proposal.stackAxis)
    }

    func sizeThatFits(_ proposal: ProposedSize, content: LayoutItems, node: PrimitiveNode) -> CellSize {
        let inner = childProposal(proposal)
        var measured: CellSize?
        func child() -> CellSize {
            if let measured { return measured }
            let size = content.sizeThatFits(inner)
            measured = size
            return size
        }
        return CellSize(
            width: Self.resolve(fixed: width, min: minWidth, max: maxWidth, proposed: proposal.width) { child().width },
            height: Self.resolve(fixed: height, min: minHeight, max: maxHeight, proposed: proposal.height) { child().height })
    }

    func draw(in rect: CellRect, content: LayoutItems, node: PrimitiveNode, canvas: inout Canvas) {
        let size = content.sizeThatFits(childProposal(ProposedSize(width: rect.width, height: rect.height)))
        canvas.clipped(to: rect) { canvas in
            content.draw(in: rect.placing(size, alignment), canvas: &canvas)
        }
    }
}

extension View {
    /// Gives this view a fixed width, height or both; the view sits inside by `alignment`.
    public func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .center) -> some View {
        FrameModifier(
            content: self, minWidth: nil, width: width.map { max(0, $0) }, maxWidth: nil, minHeight: nil,
            height: height.map { max(0, $0) }, maxHeight: nil, alignment: alignment)
    }

    /// Bounds this view's size; `.max` as a maximum takes all that is offered.
    public func frame(
        minWidth: Int? = nil, maxWidth: Int? = nil, minHeight: Int? = nil, maxHeight: Int? = nil, alignment: Alignment = .center
    ) -> some View {
        FrameModifier(
            content: self, minWidth: minWidth, width: nil, maxWidth: maxWidth, minHeight: minHeight, height: nil,
            maxHeight: maxHeight, alignment: alignment)
    }
}
