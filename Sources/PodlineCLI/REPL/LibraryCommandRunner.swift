/// Runs a library command (`shows`, `episodes --json`, …) inside the REPL exactly as the shell form would.
enum LibraryCommandRunner {
    /// Parses `words` with the shell form's parser and runs the command; returns its exit status.
    static func run(_ words: [String]) -> Int32 {
        if words.first == "repl" { return 0 }
        return ShellFront.runParsed(words)
    }
}
