import ArgumentParser

/// `podline sleep TIME|end|off`: sets the running player's sleep timer.
struct SleepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep",
        abstract: "Stop playback after TIME, at the end of the episode, or never.",
        discussion: "podline sleep 30m, podline sleep end, podline sleep off."
    )

    @Argument(help: ArgumentHelp("TIME, end or off.", valueName: "TIME|end|off"))
    var setting: String

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try RemoteCommand.run(["sleep", setting])
    }
}
