// Sizes, points and rectangles in terminal cells: what views are laid out in and frames are compared by.

/// A size in terminal cells: columns by rows.
public struct CellSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = CellSize(width: 0, height: 0)

    public var description: String { "\(width)x\(height)" }
}

/// A cell of the screen: its column and row.
public struct CellPoint: Sendable, Hashable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of cells: its top-left cell and its size.
public struct CellRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var size: CellSize { CellSize(width: width, height: height) }

    /// True when `point` is one of this rectangle's cells.
    public func contains(_ point: CellPoint) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }

    /// True when every cell of `other` is in this rectangle.
    public func contains(_ other: CellRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// True when the two rectangles share a cell.
    public func intersects(_ other: CellRect) -> Bool {
        width > 0 && height > 0 && other.width > 0 && other.height > 0 && x < other.x + other.width && other.x < x + width
            && y < other.y + other.height && other.y < y + height
    }

    /// The part of this rectangle inside `other`.
    public func intersection(_ other: CellRect) -> CellRect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(x + width, other.x + other.width)
        let bottom = min(y + height, other.y + other.height)
        return CellRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
