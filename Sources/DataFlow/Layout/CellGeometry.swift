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

extension CellSize {
    subscript(axis: Axis) -> Int {
        axis == .horizontal ? width : height
    }
}

extension CellRect {
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
