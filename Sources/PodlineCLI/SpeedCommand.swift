import ArgumentParser

/// `podline speed X`: sets or changes the running player's speed.
struct SpeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speed",
        abstract: "Set the speed (0.5-3.0), or change it with a sign.",
        discussion: "podline speed 1.5 sets it; podline speed +0.25 and podline speed -0.25 change it, staying within 0.5-3.0."
    )

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The speed, or +/- a change.", valueName: "[+|-]X"))
    var value: [String] = []

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try RemoteCommand.run(["speed"] + value)
    }
}
