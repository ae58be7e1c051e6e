import ArgumentParser
import Foundation

/// The `podline` command: the root of the shell form of the command language.
///
/// `--verbose` and `--no-color` are global: `launch` takes them from anywhere on the line.
public struct PodlineCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "podline",
        abstract: "A command-line podcast player.",
        version: PodlineVersion.current,
        subcommands: [PlayCommand.self, DemoCommand.self, InspectCommand.self, AddCommand.self, ImportCommand.self, ExportCommand.self, UpdateCommand.self, ShowsCommand.self, EpisodesCommand.self, DownloadCommand.self, MarkCommand.self, FavCommand.self, ReplCommand.self, StatusCommand.self, EventsCommand.self, PauseCommand.self, ResumeCommand.self, ToggleCommand.self, StopCommand.self, NextCommand.self, SeekCommand.self, SkipCommand.self, BackCommand.self, VolumeCommand.self, SpeedCommand.self, QueueCommand.self, SleepCommand.self, ConfigCommand.self],
        defaultSubcommand: ReplCommand.self
    )
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    public init() {}

    /// Runs the command line: takes out the global flags (`--verbose`, `--no-color`) wherever they are, puts them
    /// in force, sets up logging, then parses and runs the rest.
    public static func launch(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        let (flags, rest) = GlobalFlags.extract(from: arguments)
        Diagnostics.bootstrap()
        flags.apply()
        if let status = QuickCommand.run(rest) {
            fflush(nil)
            Foundation.exit(status)
        }
        main(rest)
    }
}
