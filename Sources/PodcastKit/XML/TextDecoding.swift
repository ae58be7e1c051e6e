#if canImport(Glibc)
    import Glibc
#endif

/// Turns a document's bytes into UTF-8, whatever its byte-order mark, declaration or actual encoding.
///
/// Feeds in the wild often declare one encoding and use another. The rules: a BOM wins; UTF-16
/// without a BOM is recognised by its first `<`; bytes that are valid UTF-8 are taken as UTF-8
/// whatever the declaration says (Latin-1 text is almost never valid multi-byte UTF-8); ISO-8859-1
/// and anything else that is not valid UTF-8 is read as Windows-1252, as browsers do; other declared
/// encodings are converted with iconv.
enum TextDecoding {
    /// `bytes` as UTF-8, without a BOM and without leading whitespace.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        withoutLeadingSpace(bytes.withUnsafeBufferPointer(converted) ?? bytes)
    }

    /// Calls `body` with `bytes` as UTF-8 without a BOM: `bytes` themselves when they already are UTF-8
    /// (the common case, which copies nothing, and whose byte offsets then give true lines and columns),
    /// else a converted copy without leading whitespace.
    static func withUTF8<Result, Failure: Error>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let converted = converted(bytes) else { return try body(bytes) }
        return try withoutLeadingSpace(converted).withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer) }
    }

    private static func withoutLeadingSpace(_ bytes: [UInt8]) -> [UInt8] {
        let firstNonSpace = bytes.firstIndex { !XMLTokenizer.isSpace($0) } ?? bytes.endIndex
        return firstNonSpace == 0 ? bytes : Array(bytes[firstNonSpace...])
    }

    /// `bytes` converted to UTF-8 without a BOM; nil when they already are UTF-8 without one.
    private static func converted(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8OrWindows1252(Array(bytes.dropFirst(3))) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(UnsafeBufferPointer(rebasing: bytes.dropFirst(2)), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(UnsafeBufferPointer(rebasing: bytes.dropFirst(2)), bigEndian: true) }
        if bytes.starts(with: [0x3C, 0x00]) { return utf16(bytes, bigEndian: false) }
        if bytes.starts(with: [0x00, 0x3C]) { return utf16(bytes, bigEndian: true) }
        if isValidUTF8(bytes) { return nil }
        let declared = declaredEncoding(bytes)
        switch declared {
        case nil, "utf-8", "utf8", "iso-8859-1", "latin1", "latin-1", "iso8859-1", "us-ascii", "ascii",
            "windows-1252", "cp1252", "iso-8859-15":
            return windows1252(bytes)
        case let name?:
            return iconv(bytes, from: name) ?? windows1252(bytes)
        }
    }

    private static func utf8OrWindows1252(_ bytes: [UInt8]) -> [UInt8] {
        isValidUTF8(bytes) ? bytes : windows1252(bytes)
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(isValidUTF8)
    }

    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most feeds are ASCII; check that eight bytes at a time before the full validation.
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        var isASCII = true
        while index + 8 <= raw.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                isASCII = false
                break
            }
            index += 8
        }
        while isASCII, index < raw.count {
            if raw[index] >= 0x80 { isASCII = false }
            index += 1
        }
        if isASCII { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    /// The lower-cased `encoding="…"` of an XML declaration at the start of `bytes`.
    static func declaredEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        guard let declarationEnd = head.range(of: "?>"),
            let key = head[..<declarationEnd.lowerBound].range(of: "encoding")
        else { return nil }
        let rest = head[key.upperBound..<declarationEnd.lowerBound].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let name = rest.dropFirst().prefix { $0 != quote }
        return name.isEmpty ? nil : name.lowercased()
    }

    private static func utf16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> [UInt8] {
        Array(string(utf16: bytes, bigEndian: bigEndian).utf8)
    }

    /// UTF-16 code units, two bytes each in the order given, as a string (an odd last byte is dropped).
    static func string<Bytes: Collection<UInt8>>(utf16 bytes: Bytes, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index != bytes.endIndex, bytes.index(after: index) != bytes.endIndex {
            let next = bytes.index(after: index)
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[next])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index = bytes.index(after: next)
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Windows-1252 (a superset of the printable ISO-8859-1) to UTF-8.
    static func windows1252(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
            } else {
                let value = byte < 0xA0 ? UInt32(windows1252[Int(byte - 0x80)]) : UInt32(byte)
                output.append(contentsOf: XMLEntities.utf8(value))
            }
        }
        return output
    }

    /// The code points of Windows-1252's bytes 0x80–0x9F (undefined ones map to themselves).
    static let windows1252: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// Converts `bytes` from the encoding `name` with iconv; nil when iconv does not know it or fails.
    private static func iconv(_ bytes: UnsafeBufferPointer<UInt8>, from name: String) -> [UInt8]? {
        #if canImport(Glibc)
            let converter = iconv_open("UTF-8", name)
            guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
            defer { iconv_close(converter) }
            var input = bytes.map { CChar(bitPattern: $0) }
            var output = [CChar](repeating: 0, count: bytes.count * 4 + 16)
            let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
                output.withUnsafeMutableBufferPointer { outBuffer in
                    var inPointer = inBuffer.baseAddress
                    var inLeft = inBuffer.count
                    var outPointer = outBuffer.baseAddress
                    var outLeft = outBuffer.count
                    let result = Glibc.iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    return result == -1 ? nil : outBuffer.count - outLeft
                }
            }
            guard let produced else { return nil }
            return output.prefix(produced).map { UInt8(bitPattern: $0) }
        #else
            return nil
        #endif
    }
}
