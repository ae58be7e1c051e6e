import ArgumentParser
import AudioEngine
import CLazyLibraries
import Foundation
import PodlineApp

/// The `podline` command: the root of the shell form of the command language.
///
/// `--verbose` and `--no-color` are global: `launch` takes them from anywhere on the line.
public struct PodlineCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "podline",
        abstract: "A command-line podcast player.",
        version: PodlineVersion.current,
        subcommands: LanguageSubcommands.all + [EventsCommand.self, QueueCommand.self, ReplCommand.self, TuiCommand.self],
        defaultSubcommand: ReplCommand.self
    )
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    public init() {}

    /// Runs the command line and exits: takes out the global flags (`--verbose`, `--no-color`, `--home`) wherever
    /// they are, puts them in force, sets up logging, then runs the rest through the command table, on the main actor.
    public static func launch(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        MainRunLoop.run {
            let (flags, rest) = GlobalFlags.extract(from: arguments)
            StandardError.keepLibrariesQuiet()
            Diagnostics.bootstrap()
            flags.apply()
            let status: Int32
            switch await ShellFront.route(rest) {
            case .done(let done): status = done
            case .parse(let words): status = await ShellFront.runParsed(words)
            }
            podline_flush_standard_output()
            return status
        }
    }
}
