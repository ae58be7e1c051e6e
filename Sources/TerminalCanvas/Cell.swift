/// A colour of the terminal's palette, or its own default.
public enum TerminalColor: Sendable, Equatable, Hashable {
    case standard
    /// One of the 256 indexed colours (0-7 the basic ones, 8-15 their bright forms).
    case index(UInt8)
}

/// How a cell's text is drawn.
public struct CellStyle: Sendable, Equatable, Hashable {
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false
    public var foreground = TerminalColor.standard
    public var background = TerminalColor.standard

    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
        foreground: TerminalColor = .standard, background: TerminalColor = .standard
    ) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.foreground = foreground
        self.background = background
    }

    /// Nothing set: the terminal's own colours.
    public static let plain = CellStyle()
}

/// One cell of the screen: a character (with its combining marks) and its style. A wide character takes its cell and
/// the next, which holds the empty text.
public struct Cell: Sendable, Equatable, Hashable {
    /// The character drawn here; empty for the right half of a wide character.
    public var text: String
    public var style: CellStyle

    public init(_ text: String, style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// A blank cell.
    public static let blank = Cell(" ")

    /// True for the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }
}
