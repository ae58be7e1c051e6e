/// The man page's COMMANDS section, made from the command table: each shell command's synopsis (its usage and flags)
/// and its details, in roff.
public enum ManPage {
    /// The section's lines, from `.SH COMMANDS` on.
    public static func commandsSection() -> [String] {
        var lines = [".SH COMMANDS"]
        for spec in CommandTable.available(in: .shell) {
            lines += [".TP", synopsis(spec)]
            let paragraphs = HelpText.paragraphs(of: spec.details)
            lines += paragraphs.isEmpty ? [roff(spec.summary)] : []
            for (index, paragraph) in paragraphs.enumerated() {
                if index > 0 { lines.append(".IP") }
                if paragraph.contains("\n") {
                    lines += [".nf"] + paragraph.components(separatedBy: "\n").map(roff) + [".fi"]
                } else {
                    lines += sentences(paragraph).map(roff)
                }
            }
        }
        return lines
    }

    /// `name, alias usage [--flag VALUE]…`: names in bold, values in italics.
    private static func synopsis(_ spec: CommandSpec) -> String {
        var text = ([spec.name] + spec.aliases).map { "\\fB\($0)\\fR" }.joined(separator: ", ")
        if !spec.usage.isEmpty { text += " " + escaped(spec.usage) }
        for flag in spec.flags {
            text +=
                " [\\fB\(escaped((flag.short.map { "-\($0), " } ?? "") + "--" + flag.name))\\fR"
                + (flag.value.map { " \\fI\(escaped($0))\\fR" } ?? "") + "]"
        }
        return text
    }

    /// A paragraph as one line a sentence (roff's convention, which keeps diffs small).
    private static func sentences(_ paragraph: String) -> [String] {
        var lines: [String] = []
        var line = ""
        let words = paragraph.split(separator: " ")
        for (index, word) in words.enumerated() {
            line += line.isEmpty ? String(word) : " " + word
            let next = index + 1 < words.count ? words[index + 1] : nil
            if word.hasSuffix("."), let next, next.first?.isUppercase == true {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A line of text as roff reads it literally: flags in bold.
    private static func roff(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let plain = escaped(String(word))
            guard word.hasPrefix("--"), word.count > 2 else { return plain }
            let end = word.firstIndex { !($0.isLetter || $0 == "-") } ?? word.endIndex
            return "\\fB\(escaped(String(word[..<end])))\\fR" + escaped(String(word[end...]))
        }
        let line = words.joined(separator: " ")
        return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// `text` with roff's special characters escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }
}
