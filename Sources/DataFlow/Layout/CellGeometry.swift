/// The two directions a stack can run in.
public enum Axis: Sendable, Hashable {
    case horizontal, vertical
}

/// The size a parent offers a child, in terminal cells: nil in a dimension asks for the child's ideal size there.
public struct ProposedSize: Sendable, Hashable {
    public var width: Int?
    public var height: Int?
    /// The axis of the stack asking, so that a `Spacer` grows along it alone.
    var stackAxis: Axis?

    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }

    /// A size larger than any terminal: what asks a child for the most it can take.
    public static let unbounded = 1 << 20

    /// Asks for the ideal size in both dimensions.
    public static let ideal = ProposedSize(width: nil, height: nil)

    init(width: Int?, height: Int?, stackAxis: Axis?) {
        self.width = width
        self.height = height
        self.stackAxis = stackAxis
    }

    /// This proposal with one dimension replaced.
    func with(_ axis: Axis, _ value: Int?) -> ProposedSize {
        var copy = self
        if axis == .horizontal { copy.width = value } else { copy.height = value }
        return copy
    }

    subscript(axis: Axis) -> Int? {
        axis == .horizontal ? width : height
    }
}

/// A size in terminal cells: columns by rows.
public struct CellSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = CellSize(width: 0, height: 0)

    subscript(axis: Axis) -> Int {
        axis == .horizontal ? width : height
    }

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

    public func contains(_ point: CellPoint) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }

    /// True when every cell of `other` is in this rectangle.
    func contains(_ other: CellRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// True when the two rectangles share a cell.
    func intersects(_ other: CellRect) -> Bool {
        width > 0 && height > 0 && other.width > 0 && other.height > 0 && x < other.x + other.width && other.x < x + width
            && y < other.y + other.height && other.y < y + height
    }

    /// The part of this rectangle inside `other`.
    func intersection(_ other: CellRect) -> CellRect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(x + width, other.x + other.width)
        let bottom = min(y + height, other.y + other.height)
        return CellRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rectangle made smaller by `insets` on each side.
    func inset(by insets: EdgeInsets) -> CellRect {
        CellRect(
            x: x + insets.leading, y: y + insets.top, width: width - insets.leading - insets.trailing,
            height: height - insets.top - insets.bottom)
    }

    /// A rectangle of `size` placed inside this one by `alignment`.
    func placing(_ size: CellSize, _ alignment: Alignment) -> CellRect {
        let free = (width - size.width, height - size.height)
        let left: Int
        switch alignment.horizontal {
        case .leading: left = 0
        case .center: left = free.0 / 2
        case .trailing: left = free.0
        }
        let top: Int
        switch alignment.vertical {
        case .top: top = 0
        case .center: top = free.1 / 2
        case .bottom: top = free.1
        }
        return CellRect(x: x + max(0, left), y: y + max(0, top), width: min(size.width, width), height: min(size.height, height))
    }
}

/// Where a child sits along the horizontal axis of the space its parent gives it.
public enum HorizontalAlignment: Sendable, Hashable {
    case leading, center, trailing
}

/// Where a child sits along the vertical axis of the space its parent gives it.
public enum VerticalAlignment: Sendable, Hashable {
    case top, center, bottom
}

/// Where a child sits in both axes.
public struct Alignment: Sendable, Hashable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// Cells left free on each side of a view.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Int
    public var leading: Int
    public var bottom: Int
    public var trailing: Int

    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// Sides of a rectangle, for padding.
public struct Edge: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let top = Edge(rawValue: 1)
    public static let leading = Edge(rawValue: 2)
    public static let bottom = Edge(rawValue: 4)
    public static let trailing = Edge(rawValue: 8)
    public static let horizontal: Edge = [.leading, .trailing]
    public static let vertical: Edge = [.top, .bottom]
    public static let all: Edge = [.top, .leading, .bottom, .trailing]
}
