import Glibc

/// Looks at the first bytes of an input to choose its decoder: MPEG audio goes to libmpg123, the containers FFmpeg
/// opens for Podline to FFmpeg, and anything else is refused with a precise reason.
enum InputSniffer {
    /// What the first bytes say.
    enum Kind: Equatable, Sendable {
        /// MPEG audio (an ID3 tag, or a frame sync): libmpg123.
        case mpeg
        /// A container FFmpeg opens (MP4/M4A/MOV, Ogg, FLAC, WAV, ADTS AAC), named for messages.
        case container(String)
        /// Neither: the reason.
        case refused(String)
    }

    /// What `head` (the first bytes of an input) is.
    static func kind(_ head: [UInt8]) -> Kind {
        if head.isEmpty { return .refused("file is empty") }
        if isADTS(head) { return .container("AAC (ADTS)") }
        if startsWith(head, "ID3") || isFrameSync(head, at: 0) { return .mpeg }
        if head.count >= 12, startsWith(head, "ftyp", at: 4) { return .container("MP4") }
        if startsWith(head, "OggS") {
            if startsWith(head, "OpusHead", at: 28) { return .container("Opus (Ogg)") }
            if startsWith(head, "vorbis", at: 29) { return .container("Vorbis (Ogg)") }
            return .container("Ogg")
        }
        if startsWith(head, "fLaC") { return .container("FLAC") }
        if startsWith(head, "RIFF"), startsWith(head, "WAVE", at: 8) { return .container("WAV") }
        if startsWith(head, "FORM") { return .refused("AIFF audio is not supported (Podline plays \(playable))") }
        if looksLikeText(head) {
            let lower = String(decoding: head.prefix(256), as: UTF8.self).lowercased()
            if lower.contains("<html") || lower.contains("<!doctype html") {
                return .refused("is an HTML page, not audio")
            }
            if lower.contains("<?xml") || lower.contains("<rss") {
                return .refused("is an XML document (a feed?), not audio")
            }
            return .refused("is a text file, not audio")
        }
        // Left to libmpg123, which finds a frame further in or says there is none.
        return .mpeg
    }

    /// The formats Podline plays, for messages.
    static let playable = "MP3, AAC/M4A, MP4, Opus, Vorbis, FLAC, WAV"

    /// Reads up to `count` bytes from the start of `path`, or throws the system's reason.
    static func readHead(of path: String, count: Int = 512) throws(AudioError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw AudioError.unreadable(path: path, reason: systemReason(errno))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw AudioError.unreadable(path: path, reason: "is a directory")
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw AudioError.unreadable(path: path, reason: systemReason(errno)) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, count) }
        guard got >= 0 else { throw AudioError.unreadable(path: path, reason: systemReason(errno)) }
        return Array(bytes.prefix(got))
    }

    static func systemReason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    private static func startsWith(_ bytes: [UInt8], _ text: String, at offset: Int = 0) -> Bool {
        let pattern = Array(text.utf8)
        guard bytes.count >= offset + pattern.count else { return false }
        return Array(bytes[offset..<offset + pattern.count]) == pattern
    }

    private static func isFrameSync(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard bytes.count >= offset + 2 else { return false }
        return bytes[offset] == 0xFF && (bytes[offset + 1] & 0xE0) == 0xE0
    }

    /// An AAC ADTS header: the 12-bit sync word, then layer 00, which MPEG audio never uses.
    private static func isADTS(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 7 && bytes[0] == 0xFF && (bytes[1] & 0xF6) == 0xF0
    }

    private static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        let sample = bytes.prefix(512)
        var printable = 0
        for byte in sample {
            if byte == 0 { return false }
            if byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { printable += 1 }
        }
        return printable * 100 >= sample.count * 95
            && String(validating: Array(sample), as: UTF8.self) != nil
    }
}
