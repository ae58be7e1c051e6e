import ArgumentParser

/// `podline pause`: pause playback, on the running player.
struct PauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: "Pause playback.",
        discussion: "Needs a running player (podline play, or the REPL); exits 4 when there is none."
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try RemoteCommand.run(["pause"])
    }
}
