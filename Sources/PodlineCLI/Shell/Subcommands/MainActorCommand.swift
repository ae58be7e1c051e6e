import ArgumentParser

/// A command whose work is the main actor's (the REPL, the full-screen view): the shell calls it there, where it is.
///
/// Through ArgumentParser's nonisolated `run()` the call would go to the global pool and straight back, and the pool's
/// first worker arms libdispatch's monitor of its threads: a wake-up a second for as long as the process lives.
protocol MainActorCommand: AsyncParsableCommand {
    /// The command's work, on the main actor.
    @MainActor func runOnMain() async throws
}

extension MainActorCommand {
    @MainActor func run() async throws { try await runOnMain() }
}
