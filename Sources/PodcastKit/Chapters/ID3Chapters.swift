#if canImport(Glibc)
    import Glibc
#endif

/// Chapters from an MP3's ID3v2 tag (versions 2.3 and 2.4): CHAP frames, in the order of a top-level CTOC
/// when there is one, else by their starts. Only the tag is read, never the audio.
public enum ID3Chapters {
    /// The whole tag's length (header and footer included) from its first 10 bytes, or nil when they do not
    /// start an ID3v2 tag.
    public static func tagLength(_ header: [UInt8]) -> Int? {
        guard header.count >= 10, header[0] == 0x49, header[1] == 0x44, header[2] == 0x33, header[3] < 0xFF, header[4] < 0xFF,
            let size = syncsafe(header, at: 6)
        else { return nil }
        return 10 + size + (header[3] >= 4 && header[5] & 0x10 != 0 ? 10 : 0)
    }

    /// The chapters of the tag at the start of the file at `path`: empty when it has no tag or no chapters.
    public static func read(path: String) throws(ChapterError) -> [Chapter] {
        guard let tag = try readTag(path: path) else { return [] }
        return try parse(tag)
    }

    /// The whole ID3v2 tag at the start of the file at `path`; nil when it has none.
    static func readTag(path: String) throws(ChapterError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ChapterError("\(path): \(String(cString: strerror(errno)).lowercased())") }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 10)
        guard pread(descriptor, &header, 10, 0) == 10, let length = tagLength(header) else { return nil }
        var tag = [UInt8](repeating: 0, count: length)
        let got = tag.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, 0) }
        guard got == length else { throw ChapterError("\(path): the ID3 tag is cut short") }
        return tag
    }

    /// The frames of a whole tag (its header first) and its version; nil when it is not an ID3v2.3 or 2.4 tag.
    static func frames(ofTag tag: [UInt8]) -> (version: UInt8, frames: [Frame])? {
        guard let length = tagLength(tag), tag.count >= length else { return nil }
        let version = tag[3]
        guard version == 3 || version == 4 else { return nil }
        let flags = tag[5]
        var body = Array(tag[10..<min(tag.count, length - (version >= 4 && flags & 0x10 != 0 ? 10 : 0))])
        if version == 3 && flags & 0x80 != 0 { body = resynchronised(body) }
        var start = 0
        if flags & 0x40 != 0 {  // an extended header, skipped
            guard body.count >= 4 else { return nil }
            let size = version == 3 ? Int(bigEndian: body, at: 0) : (syncsafe(body, at: 0) ?? 0)
            start = version == 3 ? 4 + size : size
        }
        return (version, frames(in: body, from: start, version: version, allUnsynchronised: version >= 4 && flags & 0x80 != 0))
    }

    /// The chapters of a whole tag (its header first).
    public static func parse(_ tag: [UInt8]) throws(ChapterError) -> [Chapter] {
        guard let (version, frames) = frames(ofTag: tag) else { return [] }
        var byID: [String: Chapter] = [:]
        var order: [String] = []
        var tableOfContents: [String]?
        for frame in frames {
            switch frame.id {
            case "CHAP":
                guard let (id, chapter) = try chapter(frame.data, version: version) else { continue }
                if byID[id] == nil { order.append(id) }
                byID[id] = chapter
            case "CTOC":
                if let children = topLevelChildren(frame.data) { tableOfContents = tableOfContents ?? children }
            default:
                continue
            }
        }
        if let tableOfContents {
            // The table of contents gives the order; one that contradicts the times is passed over for them.
            let listed = tableOfContents.compactMap { byID[$0] }
            if !listed.isEmpty, case .success(let ordered) = ChapterList.validated(listed, sorting: false) { return ordered }
        }
        return try ChapterList.validated(order.compactMap { byID[$0] }, sorting: true).get()
    }

    /// A frame: its four-letter ID and its content, unsynchronised and without its prefixes.
    struct Frame {
        var id: String
        var data: [UInt8]
    }

    /// The frames of `bytes` from `start`, up to the padding or the end.
    static func frames(in bytes: [UInt8], from start: Int, version: UInt8, allUnsynchronised: Bool = false) -> [Frame] {
        var frames: [Frame] = []
        var position = start
        while position + 10 <= bytes.count {
            let idBytes = bytes[position..<position + 4]
            guard idBytes.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }) else { break }  // padding
            guard let size = version >= 4 ? syncsafe(bytes, at: position + 4) : Int(bigEndian: bytes, at: position + 4),
                size >= 0, position + 10 + size <= bytes.count
            else { break }
            let format = bytes[position + 9]
            var data = Array(bytes[(position + 10)..<(position + 10 + size)])
            position += 10 + size
            if version >= 4 {
                if format & 0x0C != 0 { continue }  // compressed or encrypted
                if format & 0x02 != 0 || allUnsynchronised { data = resynchronised(data) }
                if format & 0x01 != 0 { data = Array(data.dropFirst(4)) }  // the data length indicator
                if format & 0x40 != 0 { data = Array(data.dropFirst(1)) }  // the group
            } else {
                if format & 0xC0 != 0 { continue }  // compressed or encrypted
                if format & 0x20 != 0 { data = Array(data.dropFirst(1)) }  // the group
            }
            frames.append(Frame(id: String(decoding: idBytes, as: UTF8.self), data: data))
        }
        return frames
    }

    /// A CHAP frame: its element ID and the chapter (times in milliseconds; title, link and picture from
    /// its own frames).
    private static func chapter(_ data: [UInt8], version: UInt8) throws(ChapterError) -> (String, Chapter)? {
        guard let zero = data.firstIndex(of: 0), data.count >= zero + 17 else {
            throw ChapterError("a CHAP frame is too short")
        }
        let id = String(decoding: data[..<zero], as: UTF8.self)
        let startMS = Int(bigEndian: data, at: zero + 1)
        let endMS = Int(bigEndian: data, at: zero + 5)
        var chapter = Chapter(start: Double(startMS) / 1000, end: endMS == 0xFFFF_FFFF ? nil : Double(endMS) / 1000)
        for frame in frames(in: data, from: zero + 17, version: version) {
            switch frame.id {
            case "TIT2": chapter.title = chapter.title ?? ID3Text.first(frame.data)
            case "WXXX": chapter.url = chapter.url ?? ID3Text.userLink(frame.data)
            case "APIC": chapter.image = "embedded"
            default: continue
            }
        }
        return (id, chapter)
    }

    /// The children of a top-level CTOC frame, in order; nil for a CTOC below the top.
    private static func topLevelChildren(_ data: [UInt8]) -> [String]? {
        guard let zero = data.firstIndex(of: 0), data.count >= zero + 3, data[zero + 1] & 0x02 != 0 else { return nil }
        let count = Int(data[zero + 2])
        var children: [String] = []
        var position = zero + 3
        for _ in 0..<count {
            guard let end = data[position...].firstIndex(of: 0) else { break }
            children.append(String(decoding: data[position..<end], as: UTF8.self))
            position = end + 1
        }
        return children
    }

    /// A 28-bit integer written seven bits to a byte; nil when a byte has its top bit set.
    static func syncsafe(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard offset + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[offset..<offset + 4] {
            guard byte & 0x80 == 0 else { return nil }
            value = value << 7 | Int(byte)
        }
        return value
    }

    /// `bytes` with the zero byte that unsynchronisation puts after each 0xFF taken out.
    static func resynchronised(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var previous: UInt8 = 0
        for byte in bytes {
            if !(previous == 0xFF && byte == 0) { out.append(byte) }
            previous = byte
        }
        return out
    }
}

extension Int {
    /// A 32-bit big-endian integer at `offset`, or 0 past the end.
    fileprivate init(bigEndian bytes: [UInt8], at offset: Int) {
        guard offset + 4 <= bytes.count else {
            self = 0
            return
        }
        self = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
