import TerminalCanvas

/// A terminal as the frame writer's bytes drive it, written from xterm's rules for what Podline sends: CUP, ED 2, SGR
/// (attributes, 8, 16 and 256 colours, resets), private modes (ignored), and text with wide characters and combining
/// marks. Writing over one half of a wide character blanks its other half, as xterm does.
public struct TerminalModel {
    public private(set) var rows: Int
    public private(set) var columns: Int
    public private(set) var cells: [[Cell]]
    private var row = 0
    private var column = 0
    private var style = CellStyle.plain

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cells = Array(repeating: Array(repeating: .blank, count: columns), count: rows)
    }

    /// The window was resized: what it showed is gone (the writer redraws everything after a resize).
    public mutating func resize(rows: Int, columns: Int) {
        self = TerminalModel(rows: rows, columns: columns)
    }

    public mutating func feed(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\u{1B}" {
                index = text.index(after: index)
                guard index < text.endIndex, text[index] == "[" else { continue }
                index = text.index(after: index)
                var parameters = ""
                while index < text.endIndex, let scalar = text[index].unicodeScalars.first, !(0x40...0x7E).contains(scalar.value) {
                    parameters.append(text[index])
                    index = text.index(after: index)
                }
                guard index < text.endIndex else { return }
                control(text[index], parameters)
                index = text.index(after: index)
                continue
            }
            write(character)
            index = text.index(after: index)
        }
    }

    private mutating func control(_ final: Character, _ parameters: String) {
        if parameters.hasPrefix("?") { return }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case "H":
            row = max(1, numbers.first ?? 1) - 1
            column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case "J" where numbers.first == 2:
            cells = Array(repeating: Array(repeating: Cell(" ", style: style), count: columns), count: rows)
        case "m":
            var index = 0
            let codes = numbers.isEmpty ? [0] : numbers
            while index < codes.count {
                let code = codes[index]
                switch code {
                case 0: style = .plain
                case 1: style.bold = true
                case 2: style.dim = true
                case 4: style.underline = true
                case 7: style.reverse = true
                case 30...37: style.foreground = .index(UInt8(code - 30))
                case 90...97: style.foreground = .index(UInt8(code - 82))
                case 40...47: style.background = .index(UInt8(code - 40))
                case 100...107: style.background = .index(UInt8(code - 92))
                case 39: style.foreground = .standard
                case 49: style.background = .standard
                case 38, 48:
                    if index + 2 < codes.count, codes[index + 1] == 5 {
                        let color = TerminalColor.index(UInt8(codes[index + 2]))
                        if code == 38 { style.foreground = color } else { style.background = color }
                        index += 2
                    }
                default: break
                }
                index += 1
            }
        default:
            break
        }
    }

    private mutating func write(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard (0..<rows).contains(row) else { return }
        if width == 0 {
            var base = column - 1
            if base >= 0, base < columns, cells[row][base].text.isEmpty, base > 0 { base -= 1 }
            if base >= 0, base < columns { cells[row][base].text += String(character) }
            return
        }
        guard column + width <= columns else { return }
        for offset in 0..<width { breakWide(at: column + offset) }
        cells[row][column] = Cell(String(character), style: style)
        if width == 2 { cells[row][column + 1] = Cell("", style: style) }
        column += width
    }

    /// Before a cell is written: the wide character it is half of loses its other half.
    private mutating func breakWide(at at: Int) {
        if cells[row][at].text.isEmpty, at > 0 {
            cells[row][at - 1] = Cell(" ", style: cells[row][at - 1].style)
        } else if at + 1 < columns, cells[row][at + 1].text.isEmpty {
            cells[row][at + 1] = Cell(" ", style: cells[row][at + 1].style)
        }
    }
}
