import ArgumentParser

/// `podline seek [+|-]TIME`: moves the running player's position.
struct SeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seek",
        abstract: "Jump to TIME, or move by it with a sign.",
        discussion: "TIME is 90, 90s, 5m, 1:30 or 1:02:03; +TIME moves forward and -TIME back (podline seek -30)."
    )

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The position, or +/- an offset.", valueName: "[+|-]TIME"))
    var time: [String] = []

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        try RemoteCommand.run(["seek"] + time)
    }
}
