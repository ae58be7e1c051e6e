import ArgumentParser

/// `podline stop`: stop playback and unload the episode, on the running player.
struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop playback and unload the episode.",
        discussion: "Needs a running player (podline play, or the REPL); exits 4 when there is none."
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try RemoteCommand.run(["stop"])
    }
}
