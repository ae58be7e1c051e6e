import TerminalCanvas

/// Makes text from feeds safe and measurable on a terminal.
public enum TerminalText {
    /// `text` with terminal escape sequences removed and other control characters shown as spaces.
    public static func safe(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B, 0x9B:
                skipEscape(after: scalar, in: &scalars)
            case 0x09, 0x0A, 0x0D:
                if output.last != " " { output.append(" ") }
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Skips the rest of an escape sequence: CSI up to its final byte, OSC/DCS up to BEL or ST, else one character.
    private static func skipEscape(after introducer: Unicode.Scalar, in scalars: inout String.UnicodeScalarView.Iterator) {
        var kind = introducer.value == 0x9B ? UInt32(0x5B) : (scalars.next()?.value ?? 0)
        if kind == 0x5B {  // CSI: parameters, then a final byte in 0x40...0x7E
            while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            return
        }
        if kind == 0x5D || kind == 0x50 || kind == 0x5F || kind == 0x5E {  // OSC, DCS, APC, PM: up to BEL or ESC \
            while let next = scalars.next() {
                if next.value == 0x07 { return }
                if next.value == 0x1B {
                    _ = scalars.next()
                    return
                }
            }
        }
        kind = 0
    }

    /// The number of terminal columns `text` takes: wide (CJK, emoji) characters take two, combining marks none.
    public static func width(_ text: String) -> Int {
        DisplayWidth.of(text)
    }

    /// Columns for one character.
    public static func width(of character: Character) -> Int {
        DisplayWidth.of(character)
    }

    /// `text` cut to at most `columns` columns, ending in `…` when cut; never padded.
    public static func clip(_ text: String, columns: Int) -> String {
        DisplayWidth.prefix(text, fitting: columns, ellipsis: true)
    }

    /// `text` padded with spaces to `columns` columns (wide characters count two); longer text is left as it is.
    public static func pad(_ text: String, columns: Int) -> String {
        let used = width(text)
        return used >= columns ? text : text + String(repeating: " ", count: columns - used)
    }

    /// `text` cut or padded with spaces to exactly `columns` columns, ending in `…` when cut.
    public static func fit(_ text: String, columns: Int) -> String {
        pad(clip(text, columns: columns), columns: columns)
    }
}
