import Glibc

/// Looks at the first bytes of a file to refuse what is plainly not MP3 with a precise reason.
enum InputSniffer {
    /// Returns nil when the bytes may be MPEG audio, else the reason they are not.
    static func reasonNotMPEG(_ head: [UInt8]) -> String? {
        if head.isEmpty { return "file is empty" }
        if isADTS(head) { return "AAC audio (ADTS) is not supported (Podline plays MP3)" }
        if startsWith(head, "ID3") || isFrameSync(head, at: 0) { return nil }
        if head.count >= 12, startsWith(head, "ftyp", at: 4) {
            return "MP4/M4A audio is not supported (Podline plays MP3)"
        }
        if startsWith(head, "OggS") {
            if startsWith(head, "OpusHead", at: 28) { return "Opus audio (Ogg) is not supported (Podline plays MP3)" }
            if startsWith(head, "vorbis", at: 29) { return "Vorbis audio (Ogg) is not supported (Podline plays MP3)" }
            return "Ogg audio is not supported (Podline plays MP3)"
        }
        if startsWith(head, "fLaC") { return "FLAC audio is not supported (Podline plays MP3)" }
        if startsWith(head, "RIFF") { return "WAV/RIFF audio is not supported (Podline plays MP3)" }
        if startsWith(head, "FORM") { return "AIFF audio is not supported (Podline plays MP3)" }
        if looksLikeText(head) {
            let lower = String(decoding: head.prefix(256), as: UTF8.self).lowercased()
            if lower.contains("<html") || lower.contains("<!doctype html") {
                return "is an HTML page, not audio"
            }
            if lower.contains("<?xml") || lower.contains("<rss") {
                return "is an XML document (a feed?), not audio"
            }
            return "is a text file, not audio"
        }
        return nil
    }

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
