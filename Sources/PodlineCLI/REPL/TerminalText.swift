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
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// Columns for one character.
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji { return 2 }
        return isWide(first.value) ? 2 : (first.properties.generalCategory == .nonspacingMark ? 0 : 1)
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut to at most `columns` columns, ending in `…` when cut; never padded.
    public static func clip(_ text: String, columns: Int) -> String {
        guard width(text) > columns else { return text }
        guard columns > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
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
