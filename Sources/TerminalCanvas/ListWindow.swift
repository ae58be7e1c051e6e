/// The rows of a long list that are on screen: a selection, and the first row shown, moved no more than needed to keep
/// the selection in view. A lazy list mounts only `visible` (and no more rows are ever made than fit).
public struct ListWindow: Sendable, Equatable {
    /// How many rows the list has.
    public private(set) var count: Int
    /// How many rows fit on screen.
    public private(set) var height: Int
    /// The selected row; nil when the list is empty.
    public private(set) var selection: Int?
    /// The first row shown.
    public private(set) var offset = 0

    public init(count: Int, height: Int) {
        self.count = max(0, count)
        self.height = max(0, height)
        selection = count > 0 ? 0 : nil
    }

    /// The rows on screen.
    public var visible: Range<Int> { offset..<min(count, offset + height) }

    /// A move of the selection, as the keys give them.
    public enum Move: Sendable, Equatable {
        case down, up, pageDown, pageUp, first, last
        /// To a row (a click).
        case to(Int)
    }

    /// Moves the selection and scrolls as little as keeps it on screen.
    public mutating func move(_ move: Move) {
        guard let current = selection else { return }
        let target: Int
        switch move {
        case .down: target = current + 1
        case .up: target = current - 1
        case .pageDown: target = current + max(1, height)
        case .pageUp: target = current - max(1, height)
        case .first: target = 0
        case .last: target = count - 1
        case .to(let row): target = row
        }
        selection = min(max(0, target), count - 1)
        reveal()
    }

    /// Scrolls by `rows` (the mouse wheel), the selection kept where it is unless it would leave the screen.
    public mutating func scroll(by rows: Int) {
        offset = min(max(0, offset + rows), max(0, count - height))
        if let selection, height > 0 {
            self.selection = min(max(selection, offset), offset + height - 1)
        }
    }

    /// The screen's height changed (a resize).
    public mutating func resize(height: Int) {
        self.height = max(0, height)
        offset = min(offset, max(0, count - self.height))
        reveal()
    }

    /// The list's length changed (a filter, an update): the selection stays on its row when it still exists.
    public mutating func recount(_ count: Int) {
        self.count = max(0, count)
        selection = self.count == 0 ? nil : min(selection ?? 0, self.count - 1)
        offset = min(offset, max(0, self.count - height))
        reveal()
    }

    /// Scrolls the least that brings the selection on screen.
    private mutating func reveal() {
        guard let selection, height > 0 else { return }
        if selection < offset { offset = selection }
        if selection >= offset + height { offset = selection - height + 1 }
    }
}
