/// What the first bytes of a file or an answer say it is: audio for libmpg123 or for FFmpeg, or what else, in words
/// for a one-line refusal (never the bytes themselves).
public enum ContentSniff {
    /// True when `head` starts as MPEG audio does: an ID3v2 tag or a frame sync (an ADTS AAC header excepted).
    public static func startsAsMPEG(_ head: [UInt8]) -> Bool {
        if head.starts(with: Array("ID3".utf8)) { return true }
        return head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0 && head[1] & 0x06 != 0
    }

    /// True when `head` starts as a container FFmpeg reads for Podline: MP4/M4A/MOV, Ogg, FLAC, WAV, or ADTS AAC.
    public static func startsAsContainer(_ head: [UInt8]) -> Bool {
        if head.count >= 2, head[0] == 0xFF, head[1] & 0xF6 == 0xF0 { return true }
        if head.count >= 8, Array(head[4..<8]) == Array("ftyp".utf8) { return true }
        if head.starts(with: Array("OggS".utf8)) || head.starts(with: Array("fLaC".utf8)) { return true }
        return head.count >= 12 && head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WAVE".utf8)
    }

    /// True when `head` is audio Podline plays (or looks at for a tag): MPEG audio or one of FFmpeg's containers.
    public static func startsAsAudio(_ head: [UInt8]) -> Bool {
        startsAsMPEG(head) || startsAsContainer(head)
    }

    /// True when `head` is not text: it holds a NUL, or more than one control byte in a hundred (tabs and line ends
    /// aside), which no feed, page or JSON file has.
    public static func looksBinary(_ head: some Collection<UInt8>) -> Bool {
        var controls = 0
        var count = 0
        for byte in head.prefix(1024) {
            count += 1
            if byte == 0 { return true }
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { controls += 1 }
        }
        return controls * 100 > count
    }

    /// What `head` is, in a few words: `empty`, `binary data`, `an HTML page`, `an XML document`, `JSON` or `text`.
    public static func describe(_ head: [UInt8]) -> String {
        let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        let start = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if start.isEmpty { return "empty" }
        if looksBinary(head) { return "binary data" }
        let lower = String(decoding: start.prefix(512), as: UTF8.self).lowercased()
        if lower.contains("<html") || lower.contains("<!doctype html") { return "an HTML page" }
        if lower.hasPrefix("<") { return "an XML document" }
        if lower.hasPrefix("{") || lower.hasPrefix("[") { return "JSON" }
        return "text"
    }
}
