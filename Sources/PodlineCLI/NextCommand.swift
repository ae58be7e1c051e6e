import ArgumentParser

/// `podline next`: skip to the next queued episode, on the running player.
struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Skip to the next queued episode.",
        discussion: "Needs a running player (podline play, or the REPL); exits 4 when there is none."
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try RemoteCommand.run(["next"])
    }
}
