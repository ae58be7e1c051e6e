/// Finds the command a typed word names: exactly, by a unique prefix, or not at all (with a suggestion).
public enum CommandMatcher {
    /// The command `word` names, among `specs`.
    ///
    /// An exact name or alias wins; otherwise the word must be the prefix of exactly one command.
    public static func match(_ word: String, in specs: [CommandSpec] = CommandTable.all) throws(CommandError) -> CommandSpec {
        let lowered = word.lowercased()
        if let exact = specs.first(where: { $0.name == lowered || $0.aliases.contains(lowered) }) { return exact }
        guard !lowered.isEmpty else { throw CommandError(.unknownCommand, "empty command") }
        var candidates: [CommandSpec] = []
        for spec in specs where ([spec.name] + spec.aliases).contains(where: { $0.hasPrefix(lowered) }) {
            if !candidates.contains(spec) { candidates.append(spec) }
        }
        if candidates.count == 1 { return candidates[0] }
        if candidates.count > 1 {
            let names = candidates.map(\.name).joined(separator: ", ")
            throw CommandError(.unknownCommand, "ambiguous command '\(word)': could be \(names)")
        }
        let names = specs.flatMap { [$0.name] + $0.aliases }
        if let guess = EditDistance.suggestion(for: lowered, among: names) {
            throw CommandError(.unknownCommand, "unknown command '\(word)' (did you mean '\(guess)'?)")
        }
        throw CommandError(.unknownCommand, "unknown command '\(word)' (try 'help')")
    }

    /// The names that complete `prefix`, sorted.
    public static func completions(of prefix: String, in specs: [CommandSpec] = CommandTable.all) -> [String] {
        specs.flatMap { [$0.name] + $0.aliases }.filter { $0.hasPrefix(prefix.lowercased()) }.sorted()
    }
}
