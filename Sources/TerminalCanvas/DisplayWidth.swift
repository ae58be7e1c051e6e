/// How many terminal columns text takes: wide characters (CJK, emoji) two, combining marks none, the rest one.
public enum DisplayWidth {
    /// The columns `text` takes.
    public static func of(_ text: String) -> Int {
        // Most text a terminal shows is ASCII: a column a byte, with no Unicode property looked up.
        if isColumnPerByte(text) { return text.utf8.count }
        if let count = narrowScalarCount(text) { return count }
        return ofCharacters(text)
    }

    /// True for ASCII without a carriage return (which joins the newline after it into one character): a column a byte.
    static func isColumnPerByte(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isColumnPerByte(bytes:)) ?? text.utf8.allSatisfy(isColumnByte)
    }

    /// `isColumnPerByte` of UTF-8 bytes, eight at a time (a title or a line of notes is measured at every layout).
    static func isColumnPerByte(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // A byte of 0x80 or more, or a byte that is 0 once 0x0D is taken away from each (SWAR zero test).
            let crless = word ^ 0x0D0D_0D0D_0D0D_0D0D
            let carriageReturn = (crless &- 0x0101_0101_0101_0101) & ~crless & 0x8080_8080_8080_8080
            if (word & 0x8080_8080_8080_8080) | carriageReturn != 0 { return false }
            offset += 8
        }
        return bytes[offset...].allSatisfy(isColumnByte)
    }

    /// An ASCII byte other than a carriage return.
    private static func isColumnByte(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x0D }

    /// `of` a character at a time.
    static func ofCharacters(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The number of scalars of `text` when each is a character of its own and takes one column: Latin letters and
    /// their accents as single scalars, punctuation, arrows and box drawing (no carriage return, which joins the newline
    /// after it, and no zero-width joiner or non-joiner, which join the character before them); nil otherwise.
    static func narrowScalarCount(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            guard isNarrowAlone(scalar.value), scalar.value != 0x0D, scalar.value != 0x200C, scalar.value != 0x200D else { return nil }
            count += 1
        }
        return count
    }

    /// The columns one character takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isNarrowAlone(first.value), scalars.count == 1 { return 1 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji { return 2 }
        return isWide(first.value) ? 2 : (first.properties.generalCategory == .nonspacingMark ? 0 : 1)
    }

    /// The longest start of `text` that takes at most `columns`; with `ellipsis`, a text cut short ends in "…".
    public static func prefix(_ text: String, fitting columns: Int, ellipsis: Bool = false) -> String {
        guard columns > 0 else { return "" }
        if let count = narrowScalarCount(text) {
            guard count > columns else { return text }
            return ellipsis ? String(text.unicodeScalars.prefix(columns - 1)) + "…" : String(text.unicodeScalars.prefix(columns))
        }
        return prefixByCharacters(text, fitting: columns, ellipsis: ellipsis)
    }

    /// `prefix` a character at a time.
    static func prefixByCharacters(_ text: String, fitting columns: Int, ellipsis: Bool) -> String {
        guard columns > 0 else { return "" }
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = of(text[index])
            if used + width > columns {
                guard ellipsis else { return String(text[..<end]) }
                var cut = String(text[..<end])
                while of(cut) + 1 > columns, !cut.isEmpty { cut.removeLast() }
                return cut + "…"
            }
            used += width
            end = text.index(after: index)
        }
        return text
    }

    /// `text` broken into lines of at most `columns`, at spaces where a word fits, inside a word where none does; a
    /// newline always breaks.
    public static func wrap(_ text: String, columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        if isColumnPerByte(text) { return wrapASCII(Array(text.utf8), columns: columns) }
        return wrapCharacters(text, columns: columns)
    }

    /// `wrap` of any text, a character at a time.
    static func wrapCharacters(_ text: String, columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                var word = word
                var wordWidth = of(word)
                let gap = line.isEmpty ? 0 : 1
                if lineWidth + gap + wordWidth <= columns {
                    line += (gap == 1 ? " " : "") + word
                    lineWidth += gap + wordWidth
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                while wordWidth > columns {
                    // A wide character wider than the line still takes a line of its own.
                    let fitted = prefix(word, fitting: columns)
                    let piece = fitted.isEmpty ? String(word.prefix(1)) : fitted
                    lines.append(piece)
                    word.removeFirst(piece.count)
                    wordWidth = of(word)
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    /// `wrap` of ASCII text given as its bytes: the same breaks, found by counting bytes.
    static func wrapASCII(_ bytes: [UInt8], columns: Int) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = []
        var start = 0
        // Each word ends at a space, a newline or the end; a newline (or the end) also ends the line.
        for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x20 || bytes[end] == 0x0A {
            var word = bytes[start..<end]
            start = end + 1
            let gap = line.isEmpty ? 0 : 1
            if line.count + gap + word.count <= columns {
                if gap == 1 { line.append(0x20) }
                line += word
            } else {
                if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
                while word.count > columns {
                    lines.append(String(decoding: word.prefix(columns), as: UTF8.self))
                    word = word.dropFirst(columns)
                }
                line = Array(word)
            }
            if end == bytes.count || bytes[end] == 0x0A {
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
            }
        }
        return lines
    }

    /// True for a scalar that takes one column as a character alone: below the combining marks (ASCII, Latin-1, Latin
    /// Extended), general punctuation, arrows, box drawing, block elements and the geometric shapes before ◽ and ◾
    /// (none an emoji drawn as a picture).
    private static func isNarrowAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x300, 0x2000...0x206F, 0x2190...0x21FF, 0x2500...0x259F, 0x25A0...0x25FC: return true
        default: return false
        }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
