/// The REPL's help: every command, or one command's usage.
public enum HelpText {
    /// Lines of help for `topic` (a command name), or for all commands.
    public static func lines(for topic: String?) -> [String] {
        if let topic, let spec = CommandTable.spec(named: topic) {
            return ["usage: \(spec.synopsis)", spec.summary]
        }
        let width = CommandTable.all.map(\.name.count).max() ?? 0
        return CommandTable.all.map { spec in
            spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + spec.summary
        } + ["Names may be shortened to any unique prefix (pa for pause)."]
    }
}
