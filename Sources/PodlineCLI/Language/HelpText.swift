import Foundation

/// Help from the command table: every command, or one command's usage and flags.
public enum HelpText {
    /// Lines of help for `topic` (a command name), or for the commands of `frontEnd`.
    public static func lines(for topic: String?, in frontEnd: CommandSpec.FrontEnds = .repl) -> [String] {
        if let topic, let spec = CommandTable.spec(named: topic) {
            var lines = ["usage: \(spec.synopsis)\(spec.flags.isEmpty ? "" : " [options]")", spec.summary]
            if !spec.flags.isEmpty {
                let width = spec.flags.map(\.synopsis.count).max() ?? 0
                lines += spec.flags.map { "  " + $0.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.help }
            }
            return lines
        }
        let specs = CommandTable.available(in: frontEnd)
        let width = specs.map(\.name.count).max() ?? 0
        return specs.map { spec in
            spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + spec.summary
        } + ["Names may be shortened to any unique prefix (pa for pause)."]
    }
}
