import Foundation

/// The text of a SubRip or WebVTT cue made plain: markup removed (`<i>`, `<b>`, `<c.class>`, `<font>`,
/// timestamps), HTML entities decoded, white space collapsed, and the speaker taken from a WebVTT voice span
/// (`<v Sarah>`) or a leading `Name:`.
enum CueText {
    /// The speaker and the plain text of the cue's lines.
    static func plain(_ lines: [Substring]) -> (speaker: String?, text: String) {
        var speaker: String?
        var text = ""
        for line in lines {
            let (voice, stripped) = withoutTags(line)
            speaker = speaker ?? voice
            if !text.isEmpty { text += " " }
            text += stripped
        }
        text = collapsed(decodeEntities(text))
        if speaker == nil, let (named, rest) = leadingName(text) {
            speaker = named
            text = rest
        }
        return (speaker.map { collapsed(decodeEntities($0)) }, text)
    }

    /// `line` without its tags, and the name of the first voice span in it.
    private static func withoutTags(_ line: Substring) -> (voice: String?, text: String) {
        var voice: String?
        var text = ""
        var index = line.startIndex
        while index < line.endIndex {
            guard line[index] == "<", let close = line[index...].firstIndex(of: ">") else {
                text.append(line[index])
                index = line.index(after: index)
                continue
            }
            let tag = line[line.index(after: index)..<close]
            if voice == nil, tag.hasPrefix("v"), tag.count > 1, tag.dropFirst().first == " " || tag.dropFirst().first == "." {
                // `<v Name>` or `<v.class Name>`: the name follows the first space.
                if let space = tag.firstIndex(of: " ") {
                    let name = tag[tag.index(after: space)...].trimmingCharacters(in: .whitespaces)
                    if !name.isEmpty { voice = name }
                }
            }
            index = line.index(after: close)
        }
        return (voice, text)
    }

    /// A short leading `Name:` (one to four words, a capital first) and what follows it.
    static func leadingName(_ text: String) -> (String, String)? {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return nil }
        let name = text[..<colon]
        let rest = text[text.index(after: colon)...]
        guard name.count <= 32, rest.first == " ", let first = name.first, first.isUppercase,
            name.split(separator: " ").count <= 4, !name.contains(where: { $0.isNumber || ".!?,;\"".contains($0) })
        else { return nil }
        let said = rest.trimmingCharacters(in: .whitespaces)
        return said.isEmpty ? nil : (String(name), said)
    }

    /// White space runs as one space, none at the ends.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "lrm": "\u{200E}", "rlm": "\u{200F}",
    ]

    /// `text` with `&amp;`, `&lt;`, `&#233;`, `&#xE9;` and the like replaced; unknown ones kept as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                result.append(text[index])
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<semicolon]
            if let replacement = entity(name) {
                result += replacement
                index = text.index(after: semicolon)
            } else {
                result.append("&")
                index = text.index(after: index)
            }
        }
        return result
    }

    private static func entity(_ name: Substring) -> String? {
        if let known = named[String(name)] { return known }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value > 0, let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }
}
