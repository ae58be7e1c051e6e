import Foundation

/// Safe file names for downloaded episodes.
enum DownloadFileName {
    /// The longest name, in UTF-8 bytes, before the extension.
    static let maxStemBytes = 120

    /// `<number>-<name>.<ext>`: the name from the URL's last path component (else the title), cleaned of path
    /// separators, control characters and leading dots, and bounded in length.
    static func make(number: Int, title: String?, url: String, type: String?) -> String {
        let path = URL(string: url)?.path ?? ""
        let last = (path as NSString).lastPathComponent
        let urlStem = (last as NSString).deletingPathExtension
        let ext = fileExtension(urlExtension: (last as NSString).pathExtension, type: type)
        let preferred = title.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0 } ?? urlStem
        var stem = sanitize(preferred)
        if stem.isEmpty { stem = sanitize(urlStem) }
        if stem.isEmpty { stem = "episode" }
        return "\(number)-\(stem).\(ext)"
    }

    /// `text` without characters that are unsafe or awkward in file names, bounded to `maxStemBytes`.
    static func sanitize(_ text: String) -> String {
        var output = ""
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let unsafe =
                scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || "/\\:*?\"<>|".unicodeScalars.contains(scalar)
            let space = unsafe || scalar.properties.isWhitespace
            if space {
                if !lastWasSpace && !output.isEmpty { output.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            output.unicodeScalars.append(scalar)
        }
        var trimmed = Substring(output)
        while let first = trimmed.first, first == "." || first == " " || first == "-" { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last == "." || last == " " { trimmed = trimmed.dropLast() }
        var result = String(trimmed)
        while result.utf8.count > maxStemBytes { result.removeLast() }
        return result.trimmingSpaces
    }

    /// A short alphanumeric extension from the URL, else one for the MIME type, else `mp3`.
    static func fileExtension(urlExtension: String, type: String?) -> String {
        let candidate = urlExtension.lowercased()
        if (1...5).contains(candidate.count), candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            return candidate
        }
        switch type?.lowercased() {
        case "audio/mp4", "audio/x-m4a", "audio/m4a", "audio/aac": return "m4a"
        case "audio/ogg", "audio/opus": return "ogg"
        case "video/mp4": return "mp4"
        case "audio/wav", "audio/x-wav": return "wav"
        case "audio/flac": return "flac"
        default: return "mp3"
        }
    }

    /// `name`, or `name` with ` (2)`, ` (3)`… before the extension, whichever `isTaken` does not reject.
    static func unique(_ name: String, isTaken: (String) -> Bool) -> String {
        guard isTaken(name) else { return name }
        let stem = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        var index = 2
        while isTaken("\(stem) (\(index)).\(ext)") { index += 1 }
        return "\(stem) (\(index)).\(ext)"
    }
}
