import TerminalCanvas

/// The sizes a node took for the proposals it was offered, looked up by comparing proposals one by one: a node is
/// offered a few proposals between changes, and a comparison of two proposals costs less than hashing one.
struct MeasuredSizes {
    private var entries: [(proposal: ProposedSize, size: CellSize)] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// The size measured for `proposal`, or nil.
    subscript(proposal: ProposedSize) -> CellSize? {
        for entry in entries where entry.proposal == proposal { return entry.size }
        return nil
    }

    /// Keeps `size` as the one measured for `proposal` (which has none yet).
    mutating func keep(_ size: CellSize, for proposal: ProposedSize) {
        entries.append((proposal, size))
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}
