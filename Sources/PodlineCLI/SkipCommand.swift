import ArgumentParser

/// `podline skip`: move forward by the configured skip length, on the running player.
struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Move forward by the configured skip length.",
        discussion: "Needs a running player (podline play, or the REPL); exits 4 when there is none."
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try RemoteCommand.run(["skip"])
    }
}
