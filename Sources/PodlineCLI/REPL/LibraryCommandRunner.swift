/// Runs a library command (`shows`, `episodes --json`, …) inside the REPL exactly as the shell form would.
@MainActor
enum LibraryCommandRunner {
    /// Parses `words` with the shell form's parser and runs the command; returns its exit status.
    static func run(_ words: [String]) async -> Int32 {
        if words.first == "repl" { return 0 }
        return await ShellFront.runParsed(words)
    }
}
