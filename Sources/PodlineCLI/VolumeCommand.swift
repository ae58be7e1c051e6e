import ArgumentParser

/// `podline volume [+|-]N`: sets or changes the running player's volume.
struct VolumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "volume",
        abstract: "Set the volume (0-100), or change it with a sign.",
        discussion: "podline volume 50 sets it; podline volume +10 and podline volume -10 change it, staying within 0-100."
    )

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The volume, or +/- a change.", valueName: "[+|-]N"))
    var value: [String] = []

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try RemoteCommand.run(["volume"] + value)
    }
}
