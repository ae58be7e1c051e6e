import Foundation

/// Help from the command table: every command, or one command's usage, flags and details.
public enum HelpText {
    /// The width the details are wrapped to.
    package static let width = 80

    /// Lines of help for `topic` (a command name), or for the commands of `frontEnd`.
    public static func lines(for topic: String?, in frontEnd: CommandSpec.FrontEnds = .repl) -> [String] {
        if let topic, let spec = CommandTable.spec(named: topic) {
            var lines = ["usage: \(spec.synopsis)\(spec.flags.isEmpty ? "" : " [options]")", spec.summary]
            if !spec.flags.isEmpty {
                let width = spec.flags.map(\.synopsis.count).max() ?? 0
                lines += spec.flags.map { "  " + $0.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.help }
            }
            for paragraph in paragraphs(of: spec.details) {
                lines.append("")
                lines += paragraph.contains("\n") ? paragraph.components(separatedBy: "\n") : wrapped(paragraph, width: width)
            }
            return lines
        }
        let specs = CommandTable.available(in: frontEnd)
        let width = specs.map(\.name.count).max() ?? 0
        return specs.map { spec in
            spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + spec.summary
        } + ["Names may be shortened to any unique prefix (pa for pause)."]
    }

    /// The paragraphs of a command's details.
    package static func paragraphs(of details: String) -> [String] {
        details.isEmpty ? [] : details.components(separatedBy: "\n\n")
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stands alone).
    package static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
