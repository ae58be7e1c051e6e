import ArgumentParser

/// Names a command of the table that the language parses, for `LanguageSubcommand`.
protocol LanguageCommandName {
    static var name: String { get }
}

/// A command the language parses (a player command or a library edit) as ArgumentParser lists it (in `podline --help`
/// and the completion scripts). Its name, summary and flags come from the command table; its words are parsed by the
/// command language, as in the REPL and on the socket.
struct LanguageSubcommand<Name: LanguageCommandName>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let spec = CommandTable.spec(named: Name.name)!
        // The flags are listed by `podline help NAME` (as `NAME --help` is answered): building that text here would
        // cost every command's start-up, since ArgumentParser reads each subcommand's configuration.
        return CommandConfiguration(
            commandName: spec.name, abstract: spec.summary,
            discussion: spec.flags.isEmpty ? "" : "'podline help \(spec.name)' lists its flags.", aliases: spec.aliases)
    }

    @Argument(
        parsing: .captureForPassthrough, help: ArgumentHelp("Arguments and flags, as 'podline help NAME' lists them."),
        completion: .custom(ShellCompletion.candidates))
    var words: [String] = []

    func run() async throws {
        let status = await ShellFront.runLanguageCommand([Name.name] + words)
        if status != 0 { throw ExitCode(status) }
    }
}

enum PlayName: LanguageCommandName { static let name = "play" }
enum DemoName: LanguageCommandName { static let name = "demo" }
enum PauseName: LanguageCommandName { static let name = "pause" }
enum ResumeName: LanguageCommandName { static let name = "resume" }
enum ToggleName: LanguageCommandName { static let name = "toggle" }
enum StopName: LanguageCommandName { static let name = "stop" }
enum NextName: LanguageCommandName { static let name = "next" }
enum SeekName: LanguageCommandName { static let name = "seek" }
enum ChapterName: LanguageCommandName { static let name = "chapter" }
enum SkipName: LanguageCommandName { static let name = "skip" }
enum BackName: LanguageCommandName { static let name = "back" }
enum VolumeName: LanguageCommandName { static let name = "volume" }
enum SpeedName: LanguageCommandName { static let name = "speed" }
enum SleepName: LanguageCommandName { static let name = "sleep" }
enum CueName: LanguageCommandName { static let name = "cue" }
enum SilenceName: LanguageCommandName { static let name = "silence" }
enum NormalizeName: LanguageCommandName { static let name = "normalize" }
enum MarkName: LanguageCommandName { static let name = "mark" }
enum FavName: LanguageCommandName { static let name = "fav" }
enum DeleteName: LanguageCommandName { static let name = "delete" }
enum RemoveName: LanguageCommandName { static let name = "remove" }
enum ShowsName: LanguageCommandName { static let name = "shows" }
enum EpisodesName: LanguageCommandName { static let name = "episodes" }
enum StatsName: LanguageCommandName { static let name = "stats" }
enum NotesName: LanguageCommandName { static let name = "notes" }
enum SearchName: LanguageCommandName { static let name = "search" }
enum ShowName: LanguageCommandName { static let name = "show" }
enum ExportName: LanguageCommandName { static let name = "export" }

extension LanguageSubcommand {
    /// Every player command that ArgumentParser lists through this type.
    static var player: [any ParsableCommand.Type] {
        [
            LanguageSubcommand<PlayName>.self, LanguageSubcommand<DemoName>.self, LanguageSubcommand<PauseName>.self,
            LanguageSubcommand<ResumeName>.self, LanguageSubcommand<ToggleName>.self, LanguageSubcommand<StopName>.self,
            LanguageSubcommand<NextName>.self, LanguageSubcommand<SeekName>.self, LanguageSubcommand<ChapterName>.self,
            LanguageSubcommand<SkipName>.self,
            LanguageSubcommand<BackName>.self, LanguageSubcommand<VolumeName>.self, LanguageSubcommand<SpeedName>.self,
            LanguageSubcommand<SleepName>.self, LanguageSubcommand<CueName>.self, LanguageSubcommand<SilenceName>.self,
            LanguageSubcommand<NormalizeName>.self,
        ]
    }

    /// Every library edit that ArgumentParser lists through this type.
    static var edits: [any ParsableCommand.Type] {
        [
            LanguageSubcommand<MarkName>.self, LanguageSubcommand<FavName>.self, LanguageSubcommand<DeleteName>.self,
            LanguageSubcommand<RemoveName>.self,
        ]
    }

    /// Every library question that ArgumentParser lists through this type.
    static var queries: [any ParsableCommand.Type] {
        [
            LanguageSubcommand<ShowsName>.self, LanguageSubcommand<EpisodesName>.self, LanguageSubcommand<StatsName>.self,
            LanguageSubcommand<NotesName>.self, LanguageSubcommand<SearchName>.self, LanguageSubcommand<ShowName>.self,
            LanguageSubcommand<ExportName>.self,
        ]
    }
}
