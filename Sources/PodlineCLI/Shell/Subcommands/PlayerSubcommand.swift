import ArgumentParser

/// Names a player command of the table, for `PlayerSubcommand`.
protocol PlayerCommandName {
    static var name: String { get }
}

/// A player command as ArgumentParser lists it (in `podline --help` and the completion scripts). Its name, summary
/// and flags come from the command table; its words are parsed by the command language, as in the REPL.
struct PlayerSubcommand<Name: PlayerCommandName>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let spec = CommandTable.spec(named: Name.name)!
        // The flags are listed by `podline help NAME` (as `NAME --help` is answered): building that text here would
        // cost every command's start-up, since ArgumentParser reads each subcommand's configuration.
        return CommandConfiguration(
            commandName: spec.name, abstract: spec.summary,
            discussion: spec.flags.isEmpty ? "" : "'podline help \(spec.name)' lists its flags.")
    }

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("Arguments and flags, as 'podline help NAME' lists them."))
    var words: [String] = []

    func run() throws {
        let status = ShellFront.runPlayerCommand([Name.name] + words)
        if status != 0 { throw ExitCode(status) }
    }
}

enum PlayName: PlayerCommandName { static let name = "play" }
enum DemoName: PlayerCommandName { static let name = "demo" }
enum PauseName: PlayerCommandName { static let name = "pause" }
enum ResumeName: PlayerCommandName { static let name = "resume" }
enum ToggleName: PlayerCommandName { static let name = "toggle" }
enum StopName: PlayerCommandName { static let name = "stop" }
enum NextName: PlayerCommandName { static let name = "next" }
enum SeekName: PlayerCommandName { static let name = "seek" }
enum ChapterName: PlayerCommandName { static let name = "chapter" }
enum SkipName: PlayerCommandName { static let name = "skip" }
enum BackName: PlayerCommandName { static let name = "back" }
enum VolumeName: PlayerCommandName { static let name = "volume" }
enum SpeedName: PlayerCommandName { static let name = "speed" }
enum SleepName: PlayerCommandName { static let name = "sleep" }
enum CueName: PlayerCommandName { static let name = "cue" }
enum SilenceName: PlayerCommandName { static let name = "silence" }
enum NormalizeName: PlayerCommandName { static let name = "normalize" }

extension PlayerSubcommand {
    /// Every player command that ArgumentParser lists through this type.
    static var all: [any ParsableCommand.Type] {
        [
            PlayerSubcommand<PlayName>.self, PlayerSubcommand<DemoName>.self, PlayerSubcommand<PauseName>.self,
            PlayerSubcommand<ResumeName>.self, PlayerSubcommand<ToggleName>.self, PlayerSubcommand<StopName>.self,
            PlayerSubcommand<NextName>.self, PlayerSubcommand<SeekName>.self, PlayerSubcommand<ChapterName>.self,
            PlayerSubcommand<SkipName>.self,
            PlayerSubcommand<BackName>.self, PlayerSubcommand<VolumeName>.self, PlayerSubcommand<SpeedName>.self,
            PlayerSubcommand<SleepName>.self, PlayerSubcommand<CueName>.self, PlayerSubcommand<SilenceName>.self,
            PlayerSubcommand<NormalizeName>.self,
        ]
    }
}
