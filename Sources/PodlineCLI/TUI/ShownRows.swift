/// The rows a list shows, as indices into the rows it read: every row, or a filter's matches, less the few taken out
/// since (a row that left the view). Taking one out copies no list: half a million indices stay as they were read.
struct ShownRows: RandomAccessCollection, Sendable {
    /// The indices as read; nil for every row of `total` in order.
    private let base: [Int]?
    private let total: Int
    /// Positions in `base` taken out since, in order.
    private var removed: [Int] = []

    /// Every one of `count` rows, in order.
    init(all count: Int) {
        base = nil
        total = count
    }

    /// These rows, in this order.
    init(_ indices: [Int]) {
        base = indices
        total = indices.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { total - removed.count }

    subscript(position: Int) -> Int {
        // Each position taken out at or before this one moves it one further in `base`.
        var at = position
        for gone in removed {
            if gone <= at { at += 1 } else { break }
        }
        return base?[at] ?? at
    }

    /// Takes row `index` (of the rows read) out; returns the position it had, nil when it is not shown.
    @discardableResult
    mutating func remove(row index: Int) -> Int? {
        // The rows' indices are in order: found by halves.
        var (low, high) = (0, total)
        while low < high {
            let middle = (low + high) / 2
            if (base?[middle] ?? middle) < index { low = middle + 1 } else { high = middle }
        }
        guard low < total, (base?[low] ?? low) == index else { return nil }
        var at = 0
        while at < removed.count, removed[at] < low { at += 1 }
        guard at == removed.count || removed[at] != low else { return nil }
        removed.insert(low, at: at)
        return low - at
    }
}
