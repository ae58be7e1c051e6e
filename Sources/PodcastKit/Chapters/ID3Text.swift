/// Text in ID3v2 frames, in any of its four encodings: ISO-8859-1, UTF-16 with a byte-order mark,
/// UTF-16BE, UTF-8.
enum ID3Text {
    /// The first string of a text frame (TIT2…), or nil when it is empty.
    static func first(_ data: [UInt8]) -> String? {
        guard let encoding = data.first else { return nil }
        let (text, _) = string(Array(data.dropFirst()), encoding: encoding)
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The URL of a WXXX frame: after its encoding and description, always ISO-8859-1.
    static func userLink(_ data: [UInt8]) -> String? {
        guard let encoding = data.first else { return nil }
        let (_, rest) = string(Array(data.dropFirst()), encoding: encoding)
        let link = latin1(Array(rest.prefix { $0 != 0 })).trimmingSpaces
        return link.isEmpty ? nil : link
    }

    /// The string at the start of `bytes` up to its terminator, and the bytes after the terminator.
    static func string(_ bytes: [UInt8], encoding: UInt8) -> (String, ArraySlice<UInt8>) {
        switch encoding {
        case 1, 2:
            var end = 0
            while end + 1 < bytes.count, !(bytes[end] == 0 && bytes[end + 1] == 0) { end += 2 }
            let rest = bytes[min(bytes.count, end + 2)...]
            var units = bytes[..<min(end, bytes.count)]
            var bigEndian = encoding == 2
            if encoding == 1, units.count >= 2 {
                if units.first == 0xFF && units.dropFirst().first == 0xFE {
                    bigEndian = false
                    units = units.dropFirst(2)
                } else if units.first == 0xFE && units.dropFirst().first == 0xFF {
                    bigEndian = true
                    units = units.dropFirst(2)
                }
            }
            return (TextDecoding.string(utf16: units, bigEndian: bigEndian), rest)
        default:
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            let rest = bytes[min(bytes.count, end + 1)...]
            let text = encoding == 3 ? String(decoding: bytes[..<end], as: UTF8.self) : latin1(Array(bytes[..<end]))
            return (text, rest)
        }
    }

    /// ISO-8859-1 bytes as a string: each byte is the code point of the same number.
    static func latin1(_ bytes: [UInt8]) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return text
    }
}
