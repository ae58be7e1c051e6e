import ArgumentParser

/// `podline back`: move back by the configured back length, on the running player.
struct BackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "back",
        abstract: "Move back by the configured back length.",
        discussion: "Needs a running player (podline play, or the REPL); exits 4 when there is none."
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try RemoteCommand.run(["back"])
    }
}
