#if canImport(Glibc)
    import Glibc
#endif

/// A lenient XML tokenizer for feeds and OPML files found in the wild.
///
/// It reads UTF-8 bytes and reports start tags, end tags and text to a handler. It never fails on
/// malformed markup: a bare `&` or `<` is kept as text, HTML named entities are decoded, unknown
/// entities are kept literally, and a DOCTYPE (with any entity declarations) is skipped, so entity
/// expansion attacks and external entities cannot happen.
struct XMLTokenizer {
    /// The UTF-8 document.
    let bytes: UnsafeBufferPointer<UInt8>

    /// Runs through the whole document, reporting to `handler`.
    func tokenize<Handler: XMLEventHandler>(into handler: inout Handler) {
        var scratch: [UInt8] = []
        scratch.reserveCapacity(256)
        let count = bytes.count
        var index = 0
        while index < count {
            if bytes[index] != UInt8(ascii: "<") {
                let end = find(UInt8(ascii: "<"), from: index) ?? count
                deliverText(from: index, to: end, decoding: true, scratch: &scratch, handler: &handler)
                index = end
                continue
            }
            let next = index + 1 < count ? bytes[index + 1] : 0
            switch next {
            case UInt8(ascii: "?"):
                index = skip(past: "?>", from: index + 2)
            case UInt8(ascii: "!"):
                index = markupDeclaration(at: index, scratch: &scratch, handler: &handler)
            case UInt8(ascii: "/"):
                index = endTag(at: index, handler: &handler)
            default:
                if Self.isNameStart(next) {
                    index = startTag(at: index, scratch: &scratch, handler: &handler)
                } else {
                    deliverText(from: index, to: index + 1, decoding: false, scratch: &scratch, handler: &handler)
                    index += 1
                }
            }
        }
    }

    /// The 1-based line and column of byte `offset`, for error messages.
    func position(of offset: Int) -> (line: Int, column: Int) {
        positions(of: [offset])[0]
    }

    /// The 1-based line and column of each byte offset in `offsets`, found in one pass over the document.
    func positions(of offsets: [Int]) -> [(line: Int, column: Int)] {
        var result = [(line: Int, column: Int)](repeating: (1, 1), count: offsets.count)
        var line = 1
        var lineStart = 0
        for index in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
            let offset = min(max(offsets[index], 0), bytes.count)
            while let newline = find(UInt8(ascii: "\n"), from: lineStart), newline < offset {
                line += 1
                lineStart = newline + 1
            }
            result[index] = (line, offset - lineStart + 1)
        }
        return result
    }

    // MARK: - Markup

    /// Handles `<!-- … -->`, `<![CDATA[ … ]]>`, `<!DOCTYPE … [ … ]>` and other `<!…>`; returns the index after it.
    private func markupDeclaration<Handler: XMLEventHandler>(
        at start: Int, scratch: inout [UInt8],
        handler: inout Handler
    ) -> Int {
        if matches("<!--", at: start) { return skip(past: "-->", from: start + 4) }
        if matches("<![CDATA[", at: start) {
            let contentStart = start + 9
            let end = find("]]>", from: contentStart) ?? bytes.count
            deliverText(from: contentStart, to: end, decoding: false, scratch: &scratch, handler: &handler)
            return min(end + 3, bytes.count)
        }
        // A DOCTYPE may hold an internal subset in brackets; skip it whole without interpreting it.
        var depth = 0
        var index = start + 2
        var quote: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                if depth > 0 { quote = byte }
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if byte == UInt8(ascii: ">") && depth == 0 {
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    /// Reads `</name …>`; returns the index after it.
    private func endTag<Handler: XMLEventHandler>(at start: Int, handler: inout Handler) -> Int {
        let nameStart = start + 2
        var index = nameStart
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        let name = string(from: nameStart, to: index)
        let close = find(UInt8(ascii: ">"), from: index) ?? bytes.count
        if !name.isEmpty { handler.endElement(name, offset: start) }
        return min(close + 1, bytes.count)
    }

    /// Reads `<name attr="value" …>` or `<name …/>`; returns the index after it.
    private func startTag<Handler: XMLEventHandler>(
        at start: Int, scratch: inout [UInt8],
        handler: inout Handler
    ) -> Int {
        var index = start + 1
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        let name = string(from: nameStart, to: index)
        var attributes: [XMLAttribute] = []
        var selfClosing = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                    selfClosing = true
                    index += 2
                    break
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "<") { break }  // an unclosed tag: let the next tag start here
            if !Self.isNameStart(byte) {
                index += 1
                continue
            }
            let attributeStart = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            let attributeName = string(from: attributeStart, to: index)
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    let valueEnd = find(quote, from: valueStart) ?? bytes.count
                    value = decodedString(from: valueStart, to: valueEnd, scratch: &scratch)
                    index = min(valueEnd + 1, bytes.count)
                } else {
                    let valueStart = index
                    while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = decodedString(from: valueStart, to: index, scratch: &scratch)
                }
            }
            attributes.append(XMLAttribute(name: attributeName, value: value))
        }
        handler.startElement(name, attributes: attributes, offset: start)
        if selfClosing { handler.endElement(name, offset: start) }
        return index
    }

    // MARK: - Text

    /// Reports bytes `start..<end` as text, decoding entity references unless `decoding` is false.
    private func deliverText<Handler: XMLEventHandler>(
        from start: Int, to end: Int, decoding: Bool,
        scratch: inout [UInt8], handler: inout Handler
    ) {
        guard start < end else { return }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard decoding, slice.contains(UInt8(ascii: "&")) else {
            handler.characters(slice)
            return
        }
        scratch.removeAll(keepingCapacity: true)
        decodeEntities(slice, into: &scratch)
        scratch.withUnsafeBufferPointer { handler.characters($0) }
    }

    /// The text of `start..<end` with entity references decoded.
    private func decodedString(from start: Int, to end: Int, scratch: inout [UInt8]) -> String {
        guard start < end else { return "" }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
        scratch.removeAll(keepingCapacity: true)
        decodeEntities(slice, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Appends `text` to `output`, replacing `&name;`, `&#n;` and `&#xh;`; anything else stays literal.
    private func decodeEntities(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < text.count, end - index <= 33, text[end] != UInt8(ascii: ";"),
                text[end] != UInt8(ascii: "&"), !Self.isSpace(text[end])
            { end += 1 }
            if end < text.count, text[end] == UInt8(ascii: ";"), end > index + 1,
                let replacement = XMLEntities.replacement(for: UnsafeBufferPointer(rebasing: text[(index + 1)..<end]))
            {
                output.append(contentsOf: replacement)
                index = end + 1
            } else {
                output.append(byte)
                index += 1
            }
        }
    }

    // MARK: - Scanning

    private func string(from start: Int, to end: Int) -> String {
        guard start < end else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private func find(_ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func find(_ pattern: StaticString, from start: Int) -> Int? {
        let first = pattern.utf8Start[0]
        var index = start
        while let candidate = find(first, from: index) {
            if matches(pattern, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    private func skip(past pattern: StaticString, from start: Int) -> Int {
        guard let found = find(pattern, from: start) else { return bytes.count }
        return found + pattern.utf8CodeUnitCount
    }

    private func matches(_ pattern: StaticString, at start: Int) -> Bool {
        let length = pattern.utf8CodeUnitCount
        guard start + length <= bytes.count else { return false }
        let base = pattern.utf8Start
        for offset in 0..<length where bytes[start + offset] != base[offset] { return false }
        return true
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}

/// One attribute of a start tag, its value with entities decoded.
struct XMLAttribute: Sendable {
    var name: String
    var value: String
}

/// Receives what `XMLTokenizer` finds, in document order.
protocol XMLEventHandler {
    /// A start tag (also reported for an empty-element tag, followed at once by its end).
    mutating func startElement(_ name: String, attributes: [XMLAttribute], offset: Int)
    /// An end tag at byte `offset`; it may not match any open element in a malformed document.
    mutating func endElement(_ name: String, offset: Int)
    /// A run of text (entities decoded) or CDATA; one text node may arrive in several runs.
    mutating func characters(_ text: UnsafeBufferPointer<UInt8>)
}
