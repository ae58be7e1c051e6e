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

    /// The style's eight bytes as one word: four flags and two colours of two bytes, each with one encoding for each
    /// value (`.standard` is a zero payload under its tag), so equal styles have equal words and the other way round.
    var word: UInt64 {
        withUnsafeBytes(of: self) { $0.loadUnaligned(as: UInt64.self) }
    }

    /// Equal styles are equal words (one comparison, not six: the frame writer compares a style at every cell it writes).
    public static func == (a: CellStyle, b: CellStyle) -> Bool {
        a.word == b.word
    }
}

/// One cell of the screen: a character (with its combining marks) and its style. A wide character takes its cell and
/// the next, which holds the empty text.
///
/// A cell is a plain value with no reference in it, so that a screen's cells are copied and compared as memory: the
/// character's UTF-8 bytes are kept inline (up to 15, which every character but the longest emoji sequences fits),
/// with its length and its columns; a longer one is kept once in `LongCharacters` and named by its number.
public struct Cell: Sendable, Equatable, Hashable {
    /// The first eight bytes of the character, or the number of a long one.
    private var head: UInt64
    /// Bytes 9 to 15 of the character, and in the top byte its length (bits 0-3), its columns (bits 4-5) and whether
    /// it is a long one (bit 7).
    private var tail: UInt64
    public var style: CellStyle

    public init(_ text: String, style: CellStyle = .plain) {
        self.init(text, columns: DisplayWidth.of(text), style: style)
    }

    /// A cell of `text`, which takes `columns` (0 to 2) as the caller measured it.
    init(_ text: String, columns: Int, style: CellStyle) {
        let count = text.utf8.count
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count <= 15 {
            var offset = 0
            for byte in text.utf8 {
                if offset < 8 { head |= UInt64(byte) << (8 * offset) } else { tail |= UInt64(byte) << (8 * (offset - 8)) }
                offset += 1
            }
            tail |= UInt64(count) << 56
        } else {
            head = UInt64(LongCharacters.number(of: text))
            tail = 0x80 << 56
        }
        tail |= UInt64(min(max(columns, 0), 2)) << 60
        self.head = head
        self.tail = tail
        self.style = style
    }

    /// A cell of one printable ASCII character.
    init(ascii byte: UInt8, style: CellStyle) {
        head = UInt64(byte)
        tail = (1 << 56) | (1 << 60)
        self.style = style
    }

    /// The character drawn here; empty for the right half of a wide character.
    public var text: String {
        get {
            if isLong { return LongCharacters.text(numbered: Int(head)) }
            var bytes: [UInt8] = []
            appendUTF8(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        set { self = Cell(newValue, style: style) }
    }

    /// The columns the character takes: 1, 2 for a wide one, 0 for the right half of one.
    public var width: Int { Int((tail >> 60) & 0x3) }

    /// Appends the character's UTF-8 bytes to `bytes`.
    public func appendUTF8(to bytes: inout [UInt8]) {
        if isLong { return bytes.append(contentsOf: LongCharacters.text(numbered: Int(head)).utf8) }
        let count = Int((tail >> 56) & 0xF)
        if count == 1 { return bytes.append(UInt8(truncatingIfNeeded: head)) }
        for offset in 0..<count {
            bytes.append(UInt8(truncatingIfNeeded: offset < 8 ? head >> (8 * offset) : tail >> (8 * (offset - 8))))
        }
    }

    /// A blank cell.
    public static let blank = Cell(ascii: 0x20, style: .plain)

    /// True for the right half of a wide character.
    public var isContinuation: Bool { (tail >> 56) & 0x8F == 0 }

    private var isLong: Bool { tail >> 63 == 1 }

    /// Equal cells are equal words: a frame's unchanged cells are passed over three words a cell, not field by field.
    public static func == (a: Cell, b: Cell) -> Bool {
        a.head == b.head && a.tail == b.tail && a.style == b.style
    }
}
